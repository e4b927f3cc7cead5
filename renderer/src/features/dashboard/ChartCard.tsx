import { useId, useState, type ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  /** A line under the title (what is counted, over which days). */
  note?: ReactNode;
  /** The chart's accessible name: what it shows, in one sentence. */
  summary: string;
  chart: ReactNode;
  /** The same numbers as a table: read by screen readers, shown on demand. */
  table: ReactNode;
  /** Shown instead of the chart and table when there is nothing to draw. */
  empty?: string | null;
  wide?: boolean;
}

/**
 * One dashboard card: a heading, a chart named for assistive technology, and its numbers as a
 * table (always in the accessibility tree; on screen when the Table toggle is pressed).
 */
export function ChartCard({ title, note, summary, chart, table, empty, wide }: ChartCardProps) {
  const headingId = useId();
  const [isTableShown, setTableShown] = useState(false);
  return (
    <section className={`dashboard-card${wide ? ' dashboard-card--wide' : ''}`} aria-labelledby={headingId}>
      <div className="dashboard-card__header">
        <div>
          <h2 id={headingId} className="dashboard-card__title">
            {title}
          </h2>
          {note && <p className="dashboard-card__note">{note}</p>}
        </div>
        {!empty && (
          <button
            type="button"
            className="button button--small"
            aria-pressed={isTableShown}
            aria-describedby={headingId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            Table
          </button>
        )}
      </div>
      {empty ? (
        <p className="dashboard-card__empty">{empty}</p>
      ) : (
        <>
          {!isTableShown && (
            <div className="dashboard-chart" role="img" aria-label={summary}>
              {chart}
            </div>
          )}
          <div className={isTableShown ? 'dashboard-table' : 'visually-hidden'}>{table}</div>
        </>
      )}
    </section>
  );
}
