import { at, inset, pointsIn, signal, textLines, waveform, type Area } from './miniatureGeometry';
import type { MiniatureData } from './miniatureOf';

/** Where a web page's text starts, under its browser bar and heading. */
const WEB_TEXT_TOP = 11;

/** Where the marks go for each kind of data: the picture of a video, the page under a browser bar. */
export function markArea(data: MiniatureData, area: Area): Area {
  if (data === 'video') return { ...area, h: area.h - 8 };
  if (data === 'webpage') return { ...area, y: area.y + WEB_TEXT_TOP, h: area.h - WEB_TEXT_TOP };
  return area;
}

function Lines({ area, step }: { area: Area; step?: number }) {
  return (
    <>
      {textLines(area, step).map((line) => (
        <rect key={line.y} className="mini__text" x={line.x} y={line.y} width={line.w} height={line.h} rx={1} />
      ))}
    </>
  );
}

function Picture({ area }: { area: Area }) {
  const [sunX, sunY] = at(area, 0.76, 0.28);
  return (
    <>
      <rect className="mini__media" x={area.x} y={area.y} width={area.w} height={area.h} rx={2} />
      <circle className="mini__media-sun" cx={sunX} cy={sunY} r={Math.min(area.w, area.h) * 0.09} />
      <polygon
        className="mini__media-hill"
        points={pointsIn(area, [
          [0, 1],
          [0.32, 0.45],
          [0.52, 0.72],
          [0.7, 0.52],
          [1, 0.9],
          [1, 1],
        ])}
      />
    </>
  );
}

function Video({ area }: { area: Area }) {
  const picture = markArea('video', area);
  const trackY = area.y + area.h - 4;
  const [headX] = at(area, 0.42, 0);
  return (
    <>
      <Picture area={picture} />
      <rect className="mini__track" x={area.x} y={trackY} width={area.w} height={2} rx={1} />
      <rect className="mini__track-done" x={area.x} y={trackY} width={headX - area.x} height={2} rx={1} />
      <circle className="mini__playhead" cx={headX} cy={trackY + 1} r={2} />
    </>
  );
}

function Dialogue({ area }: { area: Area }) {
  const rows = [0, 1, 2, 3];
  const height = (area.h - 3 * 3) / 4;
  return (
    <>
      {rows.map((row) => {
        const isMine = row % 2 === 1;
        const width = area.w * (isMine ? 0.55 : 0.68);
        const x = isMine ? area.x + area.w - width : area.x;
        const y = area.y + row * (height + 3);
        return (
          <g key={row}>
            <rect
              className={isMine ? 'mini__bubble mini__bubble--mine' : 'mini__bubble'}
              x={x}
              y={y}
              width={width}
              height={height}
              rx={3}
            />
            <rect className="mini__text" x={x + 3} y={y + height / 2 - 1} width={width - 8} height={2} rx={1} />
          </g>
        );
      })}
    </>
  );
}

function WebPage({ area }: { area: Area }) {
  return (
    <>
      <rect className="mini__page" x={area.x} y={area.y} width={area.w} height={area.h} rx={2} />
      <rect className="mini__chrome" x={area.x} y={area.y} width={area.w} height={5} rx={2} />
      {[0, 1, 2].map((dot) => (
        <circle key={dot} className="mini__chrome-dot" cx={area.x + 3 + dot * 3} cy={area.y + 2.5} r={0.9} />
      ))}
      <rect className="mini__heading" x={area.x + 3} y={area.y + 8} width={area.w * 0.45} height={3.5} rx={1} />
      <Lines area={markArea('webpage', area)} />
    </>
  );
}

function Table({ area }: { area: Area }) {
  const rows = 5;
  const columns = 3;
  const rowHeight = area.h / rows;
  return (
    <>
      <rect className="mini__page" x={area.x} y={area.y} width={area.w} height={area.h} rx={2} />
      <rect className="mini__table-head" x={area.x} y={area.y} width={area.w} height={rowHeight} rx={2} />
      {Array.from({ length: rows - 1 }, (_, row) => (
        <line
          key={`r${row}`}
          className="mini__grid"
          x1={area.x}
          x2={area.x + area.w}
          y1={area.y + (row + 1) * rowHeight}
          y2={area.y + (row + 1) * rowHeight}
        />
      ))}
      {Array.from({ length: columns - 1 }, (_, column) => {
        const x = area.x + ((column + 1) * area.w) / columns;
        return <line key={`c${column}`} className="mini__grid" x1={x} x2={x} y1={area.y} y2={area.y + area.h} />;
      })}
    </>
  );
}

function Pair({ area }: { area: Area }) {
  const width = (area.w - 4) / 2;
  return (
    <>
      {[0, 1].map((side) => {
        const panel = { x: area.x + side * (width + 4), y: area.y, w: width, h: area.h };
        return (
          <g key={side}>
            <rect
              className={side === 1 ? 'mini__page mini__page--chosen' : 'mini__page'}
              x={panel.x}
              y={panel.y}
              width={panel.w}
              height={panel.h}
              rx={2}
            />
            <Lines area={inset(panel, 1)} />
          </g>
        );
      })}
      <polyline
        className="mini__check"
        points={`${area.x + area.w - 9},${area.y + area.h - 6} ${area.x + area.w - 6},${area.y + area.h - 3} ${area.x + area.w - 2},${area.y + area.h - 9}`}
      />
    </>
  );
}

function RankedList({ area }: { area: Area }) {
  const rows = [0, 1, 2, 3];
  const height = (area.h - 3 * 2.5) / 4;
  return (
    <>
      {rows.map((row) => {
        const y = area.y + row * (height + 2.5);
        return (
          <g key={row}>
            <rect className="mini__page" x={area.x} y={y} width={area.w} height={height} rx={2} />
            {[0, 1, 2].map((bar) => (
              <rect
                key={bar}
                className="mini__handle"
                x={area.x + 2.5}
                y={y + height / 2 - 2 + bar * 1.6}
                width={3}
                height={0.8}
              />
            ))}
            <rect
              className="mini__text"
              x={area.x + 8}
              y={y + height / 2 - 1}
              width={(area.w - 12) * (0.9 - row * 0.12)}
              height={2}
              rx={1}
            />
          </g>
        );
      })}
    </>
  );
}

/** The data a template labels, drawn in `area`. */
export function MiniatureMedia({ data, area }: { data: MiniatureData; area: Area }) {
  switch (data) {
    case 'image':
      return <Picture area={area} />;
    case 'images': {
      const width = (area.w - 6) / 3;
      return (
        <>
          {[0, 1, 2].map((index) => (
            <Picture
              key={index}
              area={{ x: area.x + index * (width + 3), y: area.y + area.h * 0.2, w: width, h: area.h * 0.6 }}
            />
          ))}
        </>
      );
    }
    case 'video':
      return <Video area={area} />;
    case 'audio':
      return (
        <>
          {waveform(area).map((bar) => (
            <rect key={bar.x} className="mini__wave" x={bar.x} y={bar.y} width={bar.w} height={bar.h} rx={0.5} />
          ))}
        </>
      );
    case 'series':
      return (
        <>
          <polyline
            className="mini__axis"
            points={`${area.x},${area.y} ${area.x},${area.y + area.h} ${area.x + area.w},${area.y + area.h}`}
          />
          <polyline className="mini__signal" points={signal(inset(area, 2))} />
        </>
      );
    case 'dialogue':
      return <Dialogue area={area} />;
    case 'webpage':
      return <WebPage area={area} />;
    case 'table':
      return <Table area={area} />;
    case 'pair':
      return <Pair area={area} />;
    case 'list':
      return <RankedList area={area} />;
    case 'text':
      return <Lines area={area} />;
    case 'blank':
      return <rect className="mini__blank" x={area.x} y={area.y} width={area.w} height={area.h} rx={2} />;
  }
}
