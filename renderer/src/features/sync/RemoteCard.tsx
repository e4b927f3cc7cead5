import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { cancelRun, listRemoteProjects, startSync, testRemote, type Remote, type SyncRun } from '../../api/remotes';
import { useToasts } from '../../components/toastContext';
import { RemoteProjects } from './RemoteProjects';
import { RemoteSummary } from './RemoteSummary';
import { RunHistory } from './RunHistory';
import { SyncControls } from './SyncControls';
import { usePolling } from './usePolling';
import { useRemoteRuns } from './useRemoteRuns';
import { useSyncChanged } from './useSyncChanged';

interface RemoteCardProps {
  remote: Remote;
  /** The other remotes: a project mirrored from this one can be copied to them. */
  otherRemotes: readonly Remote[];
  now: number;
  onEdit: (remote: Remote) => void;
  onRemove: (remote: Remote) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const never = () => null;

/** One remote: what it is, its projects to choose, Sync now / Cancel, and its runs. */
export function RemoteCard({ remote, otherRemotes, now, onEdit, onRemove }: RemoteCardProps) {
  const client = useApi();
  const toasts = useToasts();
  const headingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<'sync' | 'cancel' | 'test' | null>(null);

  const loadProjects = useCallback(
    (signal: AbortSignal) => listRemoteProjects(client, remote.id, signal),
    [client, remote.id],
  );
  const { state: projects, refresh: refreshProjects } = usePolling(
    queryKeys.remoteProjects(remote.id),
    loadProjects,
    never,
  );
  const syncChanged = useSyncChanged();
  const queryClient = useQueryClient();
  const runFinished = useCallback(() => {
    // A finished run may have made new mirrors and changed the remote's facts, and what it pulled
    // changes the local projects: their lists, conflicts and dashboards are read again.
    refreshProjects();
    syncChanged();
    void queryClient.invalidateQueries({ queryKey: queryKeys.projectLists });
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conflictCounts });
  }, [refreshProjects, syncChanged, queryClient]);
  const { runs, refresh: refreshRuns, watch } = useRemoteRuns(remote.id, runFinished);
  const running = runs.status === 'ready' && runs.value[0]?.status === 'running' ? runs.value[0] : null;

  const toggle = (projectId: number) => {
    const next = new Set(chosen);
    if (next.has(projectId)) next.delete(projectId);
    else next.add(projectId);
    setChosen(next);
  };

  const act = async (kind: 'sync' | 'cancel' | 'test', action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      toasts.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const sync = () =>
    act('sync', async () => {
      const started = await startSync(client, remote.id, [...chosen]);
      setChosen(new Set());
      watch(started.id);
      syncChanged();
    });
  const cancel = (run: SyncRun) =>
    act('cancel', async () => {
      await cancelRun(client, remote.id, run.id);
      refreshRuns();
    });
  const test = () =>
    act('test', async () => {
      const tested = await testRemote(client, remote.id);
      toasts.success(
        `Connected to ${tested.name}: Label Studio ${tested.remote_version ?? '?'} as ${tested.remote_user_email ?? '?'}.`,
      );
      syncChanged();
    });

  return (
    <section className="sync-remote" aria-labelledby={headingId}>
      <header className="sync-remote__header">
        <h2 id={headingId} className="sync-remote__name">
          {remote.name}
        </h2>
        <div className="sync-remote__actions">
          <button type="button" className="button button--small" disabled={busy === 'test'} onClick={test}>
            {busy === 'test' ? 'Testing…' : 'Test connection'}
          </button>
          <button
            type="button"
            className="button button--small"
            aria-label={`Edit ${remote.name}`}
            onClick={() => onEdit(remote)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--small button--danger-quiet"
            aria-label={`Remove ${remote.name}`}
            disabled={running !== null}
            onClick={() => onRemove(remote)}
          >
            Remove
          </button>
        </div>
      </header>
      <RemoteSummary remote={remote} now={now} />
      <div className="sync-remote__body">
        <div className="sync-remote__projects">
          <h3 className="sync-subtitle">Projects on the remote</h3>
          <RemoteProjects
            remoteId={remote.id}
            remoteName={remote.name}
            projects={projects}
            chosen={chosen}
            onToggle={toggle}
            onRetry={refreshProjects}
            now={now}
            copyTargets={otherRemotes}
          />
          <SyncControls
            projects={projects.status === 'loading' ? null : projects.value}
            chosen={chosen}
            running={running}
            busy={busy === 'sync' || busy === 'cancel'}
            onSync={sync}
            onCancel={cancel}
          />
        </div>
        <RunHistory runs={runs} now={now} onRetry={refreshRuns} />
      </div>
    </section>
  );
}
