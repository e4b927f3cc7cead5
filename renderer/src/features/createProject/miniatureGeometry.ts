/** A rectangle in the miniature's 80 x 50 drawing. */
export interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The point at fractions `fx`, `fy` of an area. */
export function at(area: Area, fx: number, fy: number): [number, number] {
  return [round(area.x + area.w * fx), round(area.y + area.h * fy)];
}

/** Points for an SVG `points` attribute, from fractions of an area. */
export function pointsIn(area: Area, fractions: readonly (readonly [number, number])[]): string {
  return fractions.map(([fx, fy]) => at(area, fx, fy).join(',')).join(' ');
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function inset(area: Area, by: number): Area {
  return { x: area.x + by, y: area.y + by, w: area.w - 2 * by, h: area.h - 2 * by };
}

const LINE_WIDTHS = [0.92, 0.74, 0.96, 0.58, 0.86, 0.7];

/** The lines of text drawn in an area; span marks highlight parts of the same lines. */
export function textLines(area: Area, step = 6.5): Area[] {
  const lines: Area[] = [];
  for (let y = area.y + 3; y + 2.5 <= area.y + area.h - 1; y += step) {
    const width = (area.w - 6) * (LINE_WIDTHS[lines.length % LINE_WIDTHS.length] ?? 1);
    lines.push({ x: area.x + 3, y: round(y), w: round(width), h: 2.5 });
  }
  return lines;
}

/** The bars of a made-up waveform: the same every time, loud in places, quiet in others. */
export function waveform(area: Area, bars = 22): Area[] {
  const step = area.w / bars;
  return Array.from({ length: bars }, (_, index) => {
    const loudness = 0.2 + 0.8 * Math.abs(Math.sin(index * 0.9) * Math.cos(index * 0.31));
    const height = Math.max(1.5, area.h * 0.8 * loudness);
    return {
      x: round(area.x + index * step + step * 0.2),
      y: round(area.y + (area.h - height) / 2),
      w: round(step * 0.6),
      h: round(height),
    };
  });
}

/** A made-up signal for the time-series sketch. */
export function signal(area: Area, samples = 16): string {
  return Array.from({ length: samples }, (_, index) => {
    const fy = 0.5 - 0.32 * Math.sin(index * 0.8) * Math.cos(index * 0.23) - (index === 10 ? 0.15 : 0);
    return at(area, index / (samples - 1), fy).join(',');
  }).join(' ');
}

/** A five-pointed star of outer radius `size` around (cx, cy). */
export function starPoints(cx: number, cy: number, size: number): string {
  return Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? size : size * 0.45;
    const angle = (Math.PI / 5) * index - Math.PI / 2;
    return `${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`;
  }).join(' ');
}
