import { formatCount } from './dashboardText';

interface TooltipEntry {
  name?: unknown;
  value?: unknown;
  color?: unknown;
}

interface ChartTooltipProps {
  active?: boolean;
  label?: unknown;
  payload?: readonly TooltipEntry[];
  /** The heading of the box, from the hovered point's label. */
  title: (label: string) => string;
}

/**
 * Recharts' tooltip content, styled by the app's stylesheet (its default box is white on white
 * in the dark theme). Mouse only: the card's table has the same numbers for everyone.
 */
export function ChartTooltip({ active, label, payload, title }: ChartTooltipProps) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip__title">{title(String(label ?? ''))}</p>
      <ul className="chart-tooltip__list">
        {payload.map((entry) => (
          <li key={String(entry.name)}>
            <span className="chart-tooltip__swatch" style={{ background: String(entry.color ?? 'currentColor') }} />
            {String(entry.name)}: <strong>{formatCount(Number(entry.value ?? 0))}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
