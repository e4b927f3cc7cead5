import { round, starPoints, type Area } from './miniatureGeometry';
import type { MiniatureControl } from './miniatureOf';

function rowsThatFit(area: Area, step: number, most: number): number[] {
  return Array.from({ length: Math.max(1, Math.min(most, Math.floor(area.h / step))) }, (_, index) => index);
}

/** Radio-like options, the first one picked. */
function Choices({ area }: { area: Area }) {
  const step = 6;
  const top = area.y + (area.h - rowsThatFit(area, step, 3).length * step) / 2 + step / 2;
  return (
    <>
      {rowsThatFit(area, step, 3).map((row) => {
        const y = round(top + row * step);
        return (
          <g key={row}>
            <circle
              className={row === 0 ? 'mini__option mini__option--on' : 'mini__option'}
              cx={area.x + 2}
              cy={y}
              r={1.7}
            />
            <rect className="mini__text" x={area.x + 5} y={y - 1} width={area.w - 6 - row * 2} height={2} rx={1} />
          </g>
        );
      })}
    </>
  );
}

/** A tree of categories, one branch open. */
function Taxonomy({ area }: { area: Area }) {
  const step = 6;
  const rows = rowsThatFit(area, step, 4);
  const top = area.y + (area.h - rows.length * step) / 2 + step / 2;
  return (
    <>
      {rows.map((row) => {
        const y = round(top + row * step);
        const indent = row === 0 ? 0 : 4;
        return (
          <g key={row}>
            {row > 0 && (
              <polyline
                className="mini__tree"
                points={`${area.x + 1.5},${y - step + 2} ${area.x + 1.5},${y} ${area.x + 3.5},${y}`}
              />
            )}
            <rect
              className={row === 1 ? 'mini__option mini__option--on' : 'mini__option'}
              x={area.x + indent}
              y={y - 1.5}
              width={3}
              height={3}
              rx={0.6}
            />
            <rect
              className="mini__text"
              x={area.x + indent + 4.5}
              y={y - 1}
              width={area.w - indent - 6}
              height={2}
              rx={1}
            />
          </g>
        );
      })}
    </>
  );
}

/** A text box being typed into. */
function TextBox({ area }: { area: Area }) {
  const height = Math.min(area.h, 16);
  const y = area.y + (area.h - height) / 2;
  return (
    <>
      <rect className="mini__field" x={area.x} y={y} width={area.w} height={height} rx={1.5} />
      <rect className="mini__text" x={area.x + 2} y={y + 3} width={area.w - 5} height={2} rx={1} />
      {height > 10 && (
        <rect className="mini__text" x={area.x + 2} y={y + 7} width={(area.w - 5) * 0.5} height={2} rx={1} />
      )}
      <line
        className="mini__cursor"
        x1={area.x + 2 + (area.w - 5) * 0.5 + 1.5}
        x2={area.x + 2 + (area.w - 5) * 0.5 + 1.5}
        y1={y + 6.5}
        y2={y + 9.5}
      />
    </>
  );
}

function Stars({ area }: { area: Area }) {
  const size = Math.min(2, area.w / 10);
  const cy = area.y + area.h / 2;
  return (
    <>
      {[0, 1, 2, 3, 4].map((index) => (
        <polygon
          key={index}
          className={index < 3 ? 'mini__star mini__star--on' : 'mini__star'}
          points={starPoints(area.x + size + (index * (area.w - 2 * size)) / 4, cy, size)}
        />
      ))}
    </>
  );
}

function NumberField({ area }: { area: Area }) {
  const height = Math.min(area.h, 9);
  const y = area.y + (area.h - height) / 2;
  const right = area.x + area.w;
  return (
    <>
      <rect className="mini__field" x={area.x} y={y} width={area.w} height={height} rx={1.5} />
      <text className="mini__digits" x={area.x + 2.5} y={y + height / 2 + 2}>
        42
      </text>
      <polygon
        className="mini__stepper"
        points={`${right - 5},${y + 3.6} ${right - 2},${y + 3.6} ${right - 3.5},${y + 1.8}`}
      />
      <polygon
        className="mini__stepper"
        points={`${right - 5},${y + height - 3.6} ${right - 2},${y + height - 3.6} ${right - 3.5},${y + height - 1.8}`}
      />
    </>
  );
}

function Calendar({ area }: { area: Area }) {
  const size = Math.min(area.w, area.h, 16);
  const x = area.x + (area.w - size) / 2;
  const y = area.y + (area.h - size) / 2;
  const cell = size / 4;
  return (
    <>
      <rect className="mini__field" x={x} y={y} width={size} height={size} rx={1.5} />
      <rect className="mini__calendar-top" x={x} y={y} width={size} height={cell} rx={1.5} />
      {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((index) => (
        <rect
          key={index}
          className={index === 4 ? 'mini__option mini__option--on' : 'mini__day'}
          x={round(x + cell * 0.5 + (index % 3) * cell)}
          y={round(y + cell * 1.3 + Math.floor(index / 3) * cell * 0.85)}
          width={round(cell * 0.6)}
          height={round(cell * 0.55)}
          rx={0.4}
        />
      ))}
    </>
  );
}

/** A control annotators fill in beside the data. */
export function MiniatureControlDrawing({ control, area }: { control: MiniatureControl; area: Area }) {
  switch (control) {
    case 'choices':
      return <Choices area={area} />;
    case 'taxonomy':
      return <Taxonomy area={area} />;
    case 'textarea':
      return <TextBox area={area} />;
    case 'rating':
      return <Stars area={area} />;
    case 'number':
      return <NumberField area={area} />;
    case 'datetime':
      return <Calendar area={area} />;
  }
}
