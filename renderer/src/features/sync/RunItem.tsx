import type { SyncRun } from '../../api/remotes';
import { runActivity, runOutcomeKind, runOutcomeLabel } from './runText';
import { formatCount, pulledSummary, pushedSummary, runCounts } from './runStats';
import { formatDateTime, formatDuration } from './timeText';
import { RunConflictLinks } from './RunConflictLinks';
import { formatTimeLeft } from '../../../../shared/text/timeLeft';

/** One run: its outcome, when and how long, what moved each way, and each error it listed. */
export function RunItem({ run, now }: { run: SyncRun; now: number }) {
  const counts = runCounts(run.stats);
  const running = run.status === 'running';
  const progress = run.progress;
  const percent = progress && progress.total ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : null;
  const outcome = runOutcomeKind(run);
  return (
    <li className={`sync-run sync-run--${outcome}`} data-testid="sync-run" aria-label={`Run ${run.id}`}>
      <div className="sync-run__header">
        <span className={`sync-chip sync-chip--${outcome}`}>{runOutcomeLabel(run)}</span>
        <time className="sync-run__time" dateTime={run.started_at}>
          {formatDateTime(run.started_at)}
        </time>
        <span className="muted sync-run__duration">
          {running
            ? `${formatDuration(run.started_at, new Date(now).toISOString())} so far`
            : run.finished_at && formatDuration(run.started_at, run.finished_at)}
        </span>
        {running && typeof progress?.seconds_left === 'number' && (
          <span className="muted sync-run__left" data-testid="sync-run-left">
            {formatTimeLeft(progress.seconds_left)}
          </span>
        )}
      </div>
      {running && (
        <div className="sync-run__live" role="status" data-testid="sync-run-activity">
          <span className="sync-run__activity">
            {runActivity(run)}
            {progress?.detail ? ` · ${progress.detail}` : ''}
          </span>
          <span
            className={`sync-progress${percent === null ? ' sync-progress--indeterminate' : ''}`}
            aria-hidden="true"
          >
            <span className="sync-progress__bar" style={percent === null ? undefined : { width: `${percent}%` }} />
          </span>
        </div>
      )}
      <dl className="sync-run__counts">
        <div>
          <dt>Pulled</dt>
          <dd data-testid="sync-run-pulled">{pulledSummary(counts.pulled)}</dd>
        </div>
        <div>
          <dt>Pushed</dt>
          <dd data-testid="sync-run-pushed">{pushedSummary(counts.pushed)}</dd>
        </div>
        <div>
          <dt>Conflicts</dt>
          <dd>{formatCount(counts.conflicts)}</dd>
        </div>
      </dl>
      <RunConflictLinks run={run} />
      {run.errors.length > 0 && (
        <ul className="sync-run__errors" aria-label={`Errors of run ${run.id}`}>
          {run.errors.map((error, index) => (
            <li key={index} className="sync-run__error">
              <span className="sync-run__error-where">
                {error.phase} · {error.item}
              </span>
              <span className="sync-run__error-message">{error.message}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
