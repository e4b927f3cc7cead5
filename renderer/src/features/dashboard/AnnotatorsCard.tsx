import { Bar } from 'recharts';
import type { DashboardAnnotator } from '../../api/dashboard';
import { annotatorName, formatCount, plural } from './dashboardText';
import { ChartCard } from './ChartCard';
import { SeriesLegend } from './SeriesLegend';
import { CHART_COLORS } from './chartTheme';
import { HorizontalBars } from './HorizontalBars';

const MAX_BARS = 15;
const BAR_HEIGHT = 32;

/** Who did the range's annotations: submitted and skipped per person, most submitted first. */
export function AnnotatorsCard({ annotators, range }: { annotators: DashboardAnnotator[]; range: string }) {
  const rows = annotators.map((annotator) => ({
    key: annotator.user?.id ?? 0,
    name: annotatorName(annotator),
    email: annotator.user?.email ?? '',
    submitted: annotator.submitted,
    skipped: annotator.skipped,
  }));
  const shown = rows.slice(0, MAX_BARS);
  const top = rows[0];
  const summary =
    `Bar chart of annotations per annotator: ${plural(rows.length, 'annotator')}` +
    (top
      ? `, most by ${top.name} (${formatCount(top.submitted)} submitted, ${formatCount(top.skipped)} skipped).`
      : '.');

  return (
    <ChartCard
      title="Annotators"
      note={rows.length > MAX_BARS ? `${range}. The ${MAX_BARS} most active; the table lists everyone.` : range}
      summary={summary}
      empty={rows.length === 0 ? `Nobody annotated from ${range}.` : null}
      chart={
        <>
          <HorizontalBars data={shown} nameKey="name" nameWidth={160} maxChars={22} barHeight={BAR_HEIGHT}>
            <Bar
              isAnimationActive={false}
              dataKey="submitted"
              name="Submitted"
              stackId="work"
              fill={CHART_COLORS.submitted}
              maxBarSize={22}
            />
            <Bar
              isAnimationActive={false}
              dataKey="skipped"
              name="Skipped"
              stackId="work"
              fill={CHART_COLORS.skipped}
              maxBarSize={22}
            />
          </HorizontalBars>
          <SeriesLegend />
        </>
      }
      table={
        <table className="data-table">
          <caption className="visually-hidden">Annotations per annotator</caption>
          <thead>
            <tr>
              <th scope="col">Annotator</th>
              <th scope="col">Email</th>
              <th scope="col">Submitted</th>
              <th scope="col">Skipped</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td>{row.email}</td>
                <td>{formatCount(row.submitted)}</td>
                <td>{formatCount(row.skipped)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
