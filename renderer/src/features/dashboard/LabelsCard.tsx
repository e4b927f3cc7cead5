import { Bar } from 'recharts';
import type { DashboardControl } from '../../api/dashboard';
import { formatCount, formatShare, plural } from './dashboardText';
import { ChartCard } from './ChartCard';
import { CHART_COLORS } from './chartTheme';
import { HorizontalBars } from './HorizontalBars';

/** More bars than this make a wall: the chart shows the most used, the table all of them. */
const MAX_BARS = 15;
const BAR_HEIGHT = 30;

/** What a control is called on the card: its name, and its tag when the config still has it. */
function controlTitle(control: DashboardControl): string {
  return control.type ? `${control.from_name} (${control.type})` : control.from_name;
}

/** How often each label of one control was given in the range's submitted annotations. */
export function LabelsCard({ control, range }: { control: DashboardControl; range: string }) {
  const total = control.counts.reduce((sum, item) => sum + item.count, 0);
  const shown = control.counts.slice(0, MAX_BARS);
  const hidden = control.counts.length - shown.length;
  const top = control.counts[0];
  const summary =
    `Bar chart of the labels of ${control.from_name}: ${plural(total, 'label')} given` +
    (top && top.count > 0 ? `, most often ${top.label} (${formatCount(top.count)}).` : '.');

  return (
    <ChartCard
      title={`Labels: ${controlTitle(control)}`}
      note={hidden > 0 ? `${range}. The ${MAX_BARS} most used; the table lists all ${control.counts.length}.` : range}
      summary={summary}
      empty={total === 0 ? `No labels chosen in “${control.from_name}”, ${range}.` : null}
      chart={
        <HorizontalBars data={shown} nameKey="label" nameWidth={140} maxChars={20} barHeight={BAR_HEIGHT}>
          <Bar isAnimationActive={false} dataKey="count" name="Given" fill={CHART_COLORS.label} maxBarSize={22} />
        </HorizontalBars>
      }
      table={
        <table className="data-table">
          <caption className="visually-hidden">Labels of {control.from_name}</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Given</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {control.counts.map((item) => (
              <tr key={item.label}>
                <th scope="row">{item.label}</th>
                <td>{formatCount(item.count)}</td>
                <td>{formatShare(item.count, total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
