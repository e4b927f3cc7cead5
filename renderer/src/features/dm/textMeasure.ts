import type { TextMeasure } from './columnWidths';

/*
 * Text widths for the grid's default column sizes, measured with a canvas in the fonts the grid
 * uses. The sizes mirror dataManagerGrid.css: headers are --font-size-sm in medium weight, cells
 * --font-size-sm. The e2e test checks no header is cut, so a drift between the two shows.
 */

const HEADER_REM = 0.875;
const BODY_REM = 0.875;

/** A rough measure for when no canvas is available: wide enough not to cut anything. */
const ROUGH: TextMeasure = {
  header: (text) => text.length * 9,
  body: (text) => text.length * 8.5,
};

export function createTextMeasure(): TextMeasure {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return ROUGH;
  const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const headerFont = `500 ${HEADER_REM * rootSize}px ${family}`;
  const bodyFont = `400 ${BODY_REM * rootSize}px ${family}`;
  return {
    header(text) {
      context.font = headerFont;
      return context.measureText(text).width;
    },
    body(text) {
      context.font = bodyFont;
      return context.measureText(text).width;
    },
  };
}
