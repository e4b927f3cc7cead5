import type { FrameLocator } from 'playwright-core';

/*
 * The colors the labeling editor's frame paints, read with getComputedStyle inside the frame,
 * and WCAG's relative luminance and contrast ratio to judge them.
 */

type Rgb = [number, number, number];

/** "rgb(12, 34, 56)" or "rgba(12, 34, 56, 0.5)": the channels and the opacity. */
function parseColor(css: string): { rgb: Rgb; alpha: number } {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(css.trim());
  if (!match) throw new Error(`not an rgb color: ${css}`);
  return { rgb: [Number(match[1]), Number(match[2]), Number(match[3])], alpha: Number(match[4] ?? 1) };
}

/** An opaque color; a see-through one is refused (what it shows depends on what is below). */
function opaque(css: string): Rgb {
  const { rgb, alpha } = parseColor(css);
  if (alpha < 1) throw new Error(`a see-through color: ${css}`);
  return rgb;
}

function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 relative luminance of an opaque color: 0 for black, 1 for white. */
export function luminance(css: string): number {
  return relativeLuminance(opaque(css));
}

/** WCAG 2 contrast ratio of text (possibly see-through, as the editor's greys are) on an opaque background. */
export function contrast(foreground: string, background: string): number {
  const below = opaque(background);
  const { rgb, alpha } = parseColor(foreground);
  const seen = rgb.map((channel, index) => channel * alpha + below[index]! * (1 - alpha)) as Rgb;
  const [light, dark] = [relativeLuminance(seen), relativeLuminance(below)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface PaintedColors {
  background: string;
  color: string;
}

/** The computed background and text colors of the first element matching each selector in the frame. */
export async function frameColors(
  frame: FrameLocator,
  selectors: readonly string[],
): Promise<Record<string, PaintedColors | null>> {
  return frame.locator('body').evaluate((body, wanted) => {
    // Runs in the frame; typed by hand because the test's tsconfig has no DOM library.
    type Style = { backgroundColor: string; color: string };
    type Doc = { querySelector(selector: string): unknown; defaultView: { getComputedStyle(element: unknown): Style } };
    const doc = (body as unknown as { ownerDocument: Doc }).ownerDocument;
    const found: Record<string, PaintedColors | null> = {};
    for (const selector of wanted) {
      const element = doc.querySelector(selector);
      const style = element ? doc.defaultView.getComputedStyle(element) : null;
      found[selector] = style ? { background: style.backgroundColor, color: style.color } : null;
    }
    return found;
  }, selectors);
}
