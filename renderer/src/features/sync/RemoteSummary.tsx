import type { Remote } from '../../api/remotes';
import { pendingText, runOutcomeKind, runOutcomeLabel } from './runText';
import { formatInterval, timeAgo } from './timeText';

const TOKEN_KINDS: Record<Remote['token_kind'], string> = {
  pat: 'Personal access token',
  legacy: 'Legacy token',
};

/** What is known about a remote: where, as whom, which version, how often, and its last run. */
export function RemoteSummary({ remote, now }: { remote: Remote; now: number }) {
  const last = remote.last_run;
  return (
    <dl className="sync-facts">
      <div>
        <dt>URL</dt>
        <dd className="sync-facts__url">{remote.url}</dd>
      </div>
      <div>
        <dt>Signed in as</dt>
        <dd>{remote.remote_user_email ?? '—'}</dd>
      </div>
      <div>
        <dt>Token</dt>
        <dd>{TOKEN_KINDS[remote.token_kind]}</dd>
      </div>
      <div>
        <dt>Version</dt>
        <dd>{remote.remote_version ? `Label Studio ${remote.remote_version}` : '—'}</dd>
      </div>
      <div>
        <dt>Interval</dt>
        <dd data-testid="remote-interval">{formatInterval(remote.sync_interval_minutes)}</dd>
      </div>
      <div>
        <dt>Last run</dt>
        <dd>
          {last ? (
            <>
              <span className={`sync-chip sync-chip--${runOutcomeKind(last)}`}>{runOutcomeLabel(last)}</span>{' '}
              {timeAgo(last.finished_at ?? last.started_at, now)}
            </>
          ) : (
            'Never'
          )}
        </dd>
      </div>
      <div>
        <dt>To push</dt>
        <dd data-testid="remote-pending">
          {remote.pending_changes > 0 ? `${pendingText(remote.pending_changes)} waiting` : 'Nothing: all pushed'}
        </dd>
      </div>
    </dl>
  );
}
