import { at, pointsIn, round, textLines, type Area } from './miniatureGeometry';
import type { MiniatureData, MiniatureMark } from './miniatureOf';

/** A labeled box with the small colored tab Label Studio puts on regions. */
function Box({
  area,
  fx,
  fy,
  fw,
  fh,
  label,
}: {
  area: Area;
  fx: number;
  fy: number;
  fw: number;
  fh: number;
  label: 1 | 2;
}) {
  const [x, y] = at(area, fx, fy);
  const width = round(area.w * fw);
  const height = round(area.h * fh);
  return (
    <>
      <rect className={`mini__shape mini__shape--${label}`} x={x} y={y} width={width} height={height} rx={0.8} />
      <rect
        className={`mini__tag mini__tag--${label}`}
        x={x}
        y={y - 2.5}
        width={Math.min(9, width)}
        height={2.5}
        rx={0.6}
      />
    </>
  );
}

const POLYGON = [
  [0.14, 0.62],
  [0.34, 0.22],
  [0.62, 0.3],
  [0.82, 0.66],
  [0.46, 0.86],
] as const;

const SKELETON_POINTS = [
  [0.5, 0.14],
  [0.5, 0.34],
  [0.36, 0.38],
  [0.64, 0.38],
  [0.3, 0.62],
  [0.7, 0.62],
  [0.5, 0.64],
  [0.42, 0.92],
  [0.58, 0.92],
] as const;
const SKELETON_BONES = [
  [0, 1],
  [1, 2],
  [1, 3],
  [2, 4],
  [3, 5],
  [1, 6],
  [6, 7],
  [6, 8],
] as const;

function Skeleton({ area }: { area: Area }) {
  const point = (index: number) => at(area, SKELETON_POINTS[index]?.[0] ?? 0, SKELETON_POINTS[index]?.[1] ?? 0);
  return (
    <>
      {SKELETON_BONES.map(([from, to]) => {
        const [x1, y1] = point(from);
        const [x2, y2] = point(to);
        return <line key={`${from}-${to}`} className="mini__bone" x1={x1} y1={y1} x2={x2} y2={y2} />;
      })}
      {SKELETON_POINTS.map(([fx, fy], index) => {
        const [cx, cy] = at(area, fx, fy);
        return (
          <circle key={index} className={`mini__point mini__point--${index < 2 ? 2 : 1}`} cx={cx} cy={cy} r={1.4} />
        );
      })}
    </>
  );
}

/** Highlights over parts of the text lines; returns where they are, for relation arrows. */
function spanRects(data: MiniatureData, area: Area): Area[] {
  if (data === 'dialogue') {
    // A labeled phrase in the second and third turns of the conversation.
    const height = (area.h - 9) / 4;
    return [
      { x: area.x + area.w * 0.5, y: area.y + height + 3 + height / 2 - 2, w: area.w * 0.3, h: 4 },
      { x: area.x + 3, y: area.y + 2 * (height + 3) + height / 2 - 2, w: area.w * 0.35, h: 4 },
    ];
  }
  const lines = textLines(area);
  const first = lines[0];
  const second = lines[2] ?? lines[1];
  if (!first || !second) return [];
  return [
    { x: first.x + first.w * 0.08, y: first.y - 0.8, w: first.w * 0.32, h: first.h + 1.6 },
    { x: second.x + second.w * 0.5, y: second.y - 0.8, w: second.w * 0.34, h: second.h + 1.6 },
  ];
}

function Spans({ data, area, withRelation }: { data: MiniatureData; area: Area; withRelation: boolean }) {
  const [first, second] = spanRects(data, area);
  if (!first || !second) return null;
  const from: [number, number] = [round(first.x + first.w / 2), round(first.y + first.h)];
  const to: [number, number] = [round(second.x + second.w / 2), round(second.y)];
  return (
    <>
      {[first, second].map((span, index) => (
        <rect
          key={index}
          className={`mini__span mini__span--${index + 1}`}
          x={round(span.x)}
          y={round(span.y)}
          width={round(span.w)}
          height={round(span.h)}
          rx={0.8}
        />
      ))}
      {withRelation && (
        <>
          <path
            className="mini__relation"
            d={`M${from.join(',')} C${from[0]},${to[1] - 1} ${to[0]},${from[1] + 1} ${to.join(',')}`}
          />
          <polygon
            className="mini__arrow"
            points={`${to[0] - 1.6},${to[1] - 2.6} ${to[0] + 1.6},${to[1] - 2.6} ${to[0]},${to[1]}`}
          />
        </>
      )}
    </>
  );
}

/** Time ranges over a sound, a signal or a video's timeline. */
function Regions({ area }: { area: Area }) {
  return (
    <>
      {[
        [0.12, 0.36, 1],
        [0.56, 0.82, 2],
      ].map(([from = 0, to = 0, label = 1]) => {
        const [x] = at(area, from, 0);
        const [end] = at(area, to, 0);
        return (
          <rect
            key={from}
            className={`mini__region mini__region--${label}`}
            x={x}
            y={area.y}
            width={round(end - x)}
            height={area.h}
          />
        );
      })}
    </>
  );
}

/** What annotators draw or mark on the data, over `area` (see markArea). */
export function MiniatureMark({ mark, data, area }: { mark: MiniatureMark; data: MiniatureData; area: Area }) {
  switch (mark) {
    case 'boxes':
      return (
        <>
          <Box area={area} fx={0.1} fy={0.34} fw={0.36} fh={0.5} label={1} />
          {data !== 'video' && <Box area={area} fx={0.56} fy={0.16} fw={0.32} fh={0.4} label={2} />}
        </>
      );
    case 'polygon':
      return (
        <>
          <polygon className="mini__shape mini__shape--1 mini__shape--filled" points={pointsIn(area, POLYGON)} />
          {POLYGON.map(([fx, fy]) => {
            const [cx, cy] = at(area, fx, fy);
            return <circle key={`${fx}`} className="mini__vertex" cx={cx} cy={cy} r={1.1} />;
          })}
        </>
      );
    case 'keypoints':
      return <Skeleton area={area} />;
    case 'brush': {
      const [x1, y1] = at(area, 0.16, 0.7);
      const [x2, y2] = at(area, 0.38, 0.3);
      const [x3, y3] = at(area, 0.56, 0.78);
      const [x4, y4] = at(area, 0.74, 0.42);
      return <path className="mini__brush" d={`M${x1},${y1} C${x2},${y2} ${x3},${y3} ${x4},${y4}`} />;
    }
    case 'ellipses':
      return (
        <>
          {[
            [0.22, 0.35, 1],
            [0.55, 0.6, 2],
            [0.8, 0.3, 1],
          ].map(([fx = 0, fy = 0, label = 1]) => {
            const [cx, cy] = at(area, fx, fy);
            return (
              <ellipse
                key={fx}
                className={`mini__shape mini__shape--${label}`}
                cx={cx}
                cy={cy}
                rx={area.w * 0.11}
                ry={area.h * 0.16}
              />
            );
          })}
        </>
      );
    case 'spans':
      return <Spans data={data} area={area} withRelation={false} />;
    case 'relations':
      // Relations connect spans that the 'spans' mark has drawn already: only the arrow is added.
      return <Spans data={data} area={area} withRelation />;
    case 'regions':
      return <Regions area={area} />;
    case 'timeline': {
      const track = { x: area.x, y: area.y + area.h + 4, w: area.w, h: 2 };
      return <Regions area={track} />;
    }
  }
}
