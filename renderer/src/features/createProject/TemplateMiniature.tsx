import { useMemo } from 'react';
import { MiniatureControlDrawing } from './MiniatureControls';
import { MiniatureMark } from './MiniatureMarks';
import { markArea, MiniatureMedia } from './MiniatureMedia';
import type { Area } from './miniatureGeometry';
import { miniatureKey, miniatureOf } from './miniatureOf';
import '../../styles/miniature.css';

const WIDTH = 80;
const HEIGHT = 50;
const PADDING = 5;
const CONTROL_WIDTH = 20;
const GAP = 4;

/**
 * A small drawing of what a template labels, made from its config: the data (a photo, lines of
 * text, a waveform, a chat…), what is drawn on it (boxes, a polygon, highlighted words…) and the
 * controls beside it (choices, a text box, stars…). Vector, themed by CSS, nothing downloaded.
 * It sits beside the template's title, so it is decorative for assistive technology.
 */
export function TemplateMiniature({ config }: { config: string }) {
  const miniature = useMemo(() => miniatureOf(config), [config]);
  const hasControls = miniature.controls.length > 0;
  const data: Area = {
    x: PADDING,
    y: PADDING,
    w: WIDTH - 2 * PADDING - (hasControls ? CONTROL_WIDTH + GAP : 0),
    h: HEIGHT - 2 * PADDING,
  };
  const controlTop = PADDING;
  const controlHeight = (HEIGHT - 2 * PADDING - GAP * (miniature.controls.length - 1)) / miniature.controls.length;
  // Relations draw their spans along with the arrow; drawing the spans again would darken them.
  const marks = miniature.marks.includes('relations')
    ? miniature.marks.filter((mark) => mark !== 'spans')
    : miniature.marks;
  return (
    <svg
      className="mini"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={64}
      height={40}
      aria-hidden="true"
      focusable="false"
      data-miniature={miniatureKey(miniature)}
    >
      <rect className="mini__frame" x={0.5} y={0.5} width={WIDTH - 1} height={HEIGHT - 1} rx={4} />
      <MiniatureMedia data={miniature.data} area={data} />
      {marks.map((mark) => (
        <MiniatureMark key={mark} mark={mark} data={miniature.data} area={markArea(miniature.data, data)} />
      ))}
      {miniature.controls.map((control, index) => (
        <MiniatureControlDrawing
          key={control}
          control={control}
          area={{
            x: WIDTH - PADDING - CONTROL_WIDTH,
            y: controlTop + index * (controlHeight + GAP),
            w: CONTROL_WIDTH,
            h: controlHeight,
          }}
        />
      ))}
    </svg>
  );
}
