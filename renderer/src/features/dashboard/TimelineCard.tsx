import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProjectDashboard } from '../../api/dashboard';
import { formatCount, plural, pointName, rangeName, shortDate } from './dashboardText';
import { ChartCard } from './ChartCard';
import { ChartTooltip } from './ChartTooltip';
import { SeriesLegend } from './SeriesLegend';
import { AXIS_TICK, CHART_COLORS, GRID_STROKE } from './chartTheme';

/** Annotations submitted and skipped per day (or week), stacked, with every day of the range on the axis. */
export function TimelineCard({ dashboard }: { dashboard: ProjectDashboard }) {
  const { series, bucket, from, to } = dashboard;
  const per = bucket === 'week' ? 'week' : 'day';
  const submitted = series.reduce((sum, point) => sum + point.submitted, 0);
  const skipped = series.reduce((sum, point) => sum + point.skipped, 0);
  const busiest = series.reduce((best, point) => (point.submitted > best.submitted ? point : best), series[0]!);
  const summary =
    `Bar chart of annotations per ${per} from ${rangeName(from, to)}: ${plural(submitted, 'submitted annotation')} ` +
    `and ${plural(skipped, 'skip')}` +
    (busiest && busiest.submitted > 0 ? `; the busiest ${per} was ${pointName(busiest.date, bucket)}.` : '.');
  const title = (date: string) => pointName(date, bucket);

  return (
    <ChartCard
      wide
      title={`Annotations per ${per}`}
      note={rangeName(from, to)}
      summary={summary}
      empty={submitted + skipped === 0 ? `No annotations from ${rangeName(from, to)}.` : null}
      chart={
        <>
          <BarChart data={series} responsive style={{ width: '100%', height: 260 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={GRID_STROKE} />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={AXIS_TICK} stroke={GRID_STROKE} minTickGap={16} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} stroke={GRID_STROKE} width={48} />
            <Tooltip
              cursor={{ fill: 'var(--color-surface-hover)' }}
              content={(props) => (
                <ChartTooltip active={props.active} label={props.label} payload={props.payload} title={title} />
              )}
            />
            <Bar
              isAnimationActive={false}
              dataKey="submitted"
              name="Submitted"
              stackId="annotations"
              fill={CHART_COLORS.submitted}
              maxBarSize={56}
            />
            <Bar
              isAnimationActive={false}
              dataKey="skipped"
              name="Skipped"
              stackId="annotations"
              fill={CHART_COLORS.skipped}
              maxBarSize={56}
            />
          </BarChart>
          <SeriesLegend />
        </>
      }
      table={
        <table className="data-table">
          <caption className="visually-hidden">Annotations per {per}</caption>
          <thead>
            <tr>
              <th scope="col">{bucket === 'week' ? 'Week' : 'Day'}</th>
              <th scope="col">Submitted</th>
              <th scope="col">Skipped</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row">{pointName(point.date, bucket)}</th>
                <td>{formatCount(point.submitted)}</td>
                <td>{formatCount(point.skipped)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
