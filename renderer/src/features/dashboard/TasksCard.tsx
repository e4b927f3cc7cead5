import { Pie, PieChart } from 'recharts';
import type { ProjectDashboard } from '../../api/dashboard';
import { formatCount, formatShare } from './dashboardText';
import { ChartCard } from './ChartCard';
import { CHART_COLORS } from './chartTheme';

/** The project's tasks now, in three parts that add up: completed, skipped by everyone who opened them, remaining. */
export function TasksCard({ dashboard }: { dashboard: ProjectDashboard }) {
  const { tasks, completed, skipped, remaining } = dashboard.totals;
  const parts = [
    { key: 'completed', name: 'Completed', value: completed, fill: CHART_COLORS.completed },
    { key: 'skipped', name: 'Skipped', value: skipped, fill: CHART_COLORS.skipped },
    { key: 'remaining', name: 'Remaining', value: remaining, fill: CHART_COLORS.remaining },
  ];
  const drawn = parts.filter((part) => part.value > 0);
  const summary =
    `Donut chart of the project's ${formatCount(tasks)} tasks: ` +
    parts.map((part) => `${formatCount(part.value)} ${part.name.toLowerCase()}`).join(', ') +
    '.';

  return (
    <ChartCard
      title="Tasks"
      note="The whole project, today"
      summary={summary}
      empty={tasks === 0 ? 'This project has no tasks yet.' : null}
      chart={
        <div className="tasks-donut">
          <div className="tasks-donut__plot">
            <PieChart responsive style={{ width: '100%', height: 180 }} accessibilityLayer={false}>
              <Pie
                isAnimationActive={false}
                data={drawn}
                dataKey="value"
                nameKey="name"
                innerRadius="62%"
                outerRadius="95%"
                startAngle={90}
                endAngle={-270}
                // A gap between sectors; a lone full ring has none.
                stroke={drawn.length > 1 ? 'var(--color-surface)' : 'none'}
              />
            </PieChart>
            <p className="tasks-donut__center" aria-hidden="true">
              <strong>{formatShare(completed, tasks)}</strong>
              <span>done</span>
            </p>
          </div>
          <ul className="tasks-donut__legend" aria-hidden="true">
            {parts.map((part) => (
              <li key={part.key}>
                <span className={`legend-swatch legend-swatch--${part.key}`} />
                <span className="tasks-donut__name">{part.name}</span>
                <strong>{formatCount(part.value)}</strong>
              </li>
            ))}
          </ul>
        </div>
      }
      table={
        <table className="data-table">
          <caption className="visually-hidden">Tasks</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Tasks</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {parts.map((part) => (
              <tr key={part.key}>
                <th scope="row">{part.name}</th>
                <td>{formatCount(part.value)}</td>
                <td>{formatShare(part.value, tasks)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatCount(tasks)}</td>
              <td>100%</td>
            </tr>
          </tfoot>
        </table>
      }
    />
  );
}
