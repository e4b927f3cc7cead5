import type { ReactNode } from 'react';
import { BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTooltip } from './ChartTooltip';
import { AXIS_TICK, GRID_STROKE } from './chartTheme';

/** One row per item, named on the left (cut to `maxChars`), counted along the bottom. */
export function HorizontalBars({
  data,
  nameKey,
  nameWidth,
  maxChars,
  barHeight,
  children,
}: {
  data: object[];
  nameKey: string;
  nameWidth: number;
  maxChars: number;
  barHeight: number;
  /** The `<Bar>`s to draw. */
  children: ReactNode;
}) {
  const shorten = (name: string) => (name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name);
  return (
    <BarChart
      data={data}
      layout="vertical"
      responsive
      style={{ width: '100%', height: 40 + barHeight * data.length }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
      <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} stroke={GRID_STROKE} />
      <YAxis
        type="category"
        dataKey={nameKey}
        width={nameWidth}
        tick={AXIS_TICK}
        tickFormatter={shorten}
        stroke={GRID_STROKE}
        interval={0}
      />
      <Tooltip
        cursor={{ fill: 'var(--color-surface-hover)' }}
        content={(props) => (
          <ChartTooltip active={props.active} label={props.label} payload={props.payload} title={(name) => name} />
        )}
      />
      {children}
    </BarChart>
  );
}
