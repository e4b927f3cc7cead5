import { formatCount, pluralize } from '../../../../shared/text/counts';
import type { ProgressParts } from './progressParts';

function percent(part: number, total: number): string {
  return `${total === 0 ? 0 : (part / total) * 100}%`;
}

/** A stacked bar (done, skipped, remaining) with the same numbers in words beside it. */
export function ProjectProgress({ parts }: { parts: ProgressParts }) {
  const { total, done, skipped, remaining } = parts;
  const summary =
    total === 0
      ? 'No tasks yet'
      : `${formatCount(done)} of ${pluralize(total, 'task')} done, ${formatCount(skipped)} skipped, ${formatCount(remaining)} remaining`;
  return (
    <div className="progress">
      <div className="progress__bar" role="img" aria-label={summary}>
        <span className="progress__part progress__part--done" style={{ width: percent(done, total) }} />
        <span className="progress__part progress__part--skipped" style={{ width: percent(skipped, total) }} />
      </div>
      <ul className="progress__legend" aria-hidden="true">
        <li>
          <span className="legend-dot legend-dot--done" />
          {done} done
        </li>
        <li>
          <span className="legend-dot legend-dot--skipped" />
          {skipped} skipped
        </li>
        <li>
          <span className="legend-dot legend-dot--remaining" />
          {remaining} remaining
        </li>
      </ul>
    </div>
  );
}
