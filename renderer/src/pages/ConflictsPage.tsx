import { useState } from 'react';
import type { Conflict, Resolution } from '../api/conflicts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ConflictCard } from '../features/conflicts/ConflictCard';
import { useConflicts } from '../features/conflicts/useConflicts';
import { NoOpenConflicts } from '../features/conflicts/NoOpenConflicts';
import { ProjectNav } from '../features/projects/ProjectNav';
import { useProjectTitle } from '../features/projects/useProjectTitle';
import { useNow } from '../features/sync/useNow';
import { routes } from '../router';
import '../styles/conflicts.css';

/**
 * `#/projects/<id>/conflicts`: what a sync with the remote could not settle alone. Each open
 * conflict shows your version beside theirs with three answers; answered ones move below.
 */
export function ConflictsPage({ projectId }: { projectId: number }) {
  const title = useProjectTitle(projectId);
  const { load, pending, resolve } = useConflicts(projectId);
  const now = useNow(30_000);
  const openCount = load.status === 'ready' ? load.open.length : undefined;
  // "Keep mine" replaces the remote's version at the next sync: asked once more before it is sent.
  const [confirming, setConfirming] = useState<Conflict | null>(null);
  const answer = (conflict: Conflict, resolution: Resolution) => {
    if (resolution === 'keep_mine') setConfirming(conflict);
    else void resolve(conflict, resolution);
  };

  return (
    <section className="page conflicts-page" aria-labelledby="conflicts-heading">
      <ProjectNav projectId={projectId} title={title} current="projectConflicts" conflictCount={openCount} />
      <div className="page__header">
        <h1 id="conflicts-heading" className="page__title">
          Sync conflicts
        </h1>
        {openCount !== undefined && <span className="page__subtitle">{openCount} open</span>}
      </div>
      {load.status === 'loading' && <p role="status">Loading the conflicts…</p>}
      {load.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>The conflicts could not be loaded: {load.message}</p>
          <a className="button" href={routes.projectData(projectId)}>
            Back to the data
          </a>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          <section className="conflicts-section" aria-labelledby="open-conflicts-heading">
            <h2 id="open-conflicts-heading" className="conflicts-section__title">
              Open
            </h2>
            {load.open.length === 0 ? (
              <NoOpenConflicts projectId={projectId} now={now} />
            ) : (
              <ol className="conflicts-list">
                {load.open.map((conflict) => (
                  <li key={conflict.id}>
                    <ConflictCard conflict={conflict} pending={pending[conflict.id] ?? null} onResolve={answer} />
                  </li>
                ))}
              </ol>
            )}
          </section>
          {load.resolved.length > 0 && (
            <section className="conflicts-section" aria-labelledby="resolved-conflicts-heading">
              <h2 id="resolved-conflicts-heading" className="conflicts-section__title">
                Resolved
              </h2>
              <ol className="conflicts-list">
                {load.resolved.map((conflict) => (
                  <li key={conflict.id}>
                    <ConflictCard conflict={conflict} pending={null} onResolve={() => undefined} />
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
      <ConfirmDialog
        title="Keep your version?"
        open={confirming !== null}
        confirmLabel="Keep mine and overwrite the server"
        onConfirm={() => {
          if (confirming) void resolve(confirming, 'keep_mine');
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Your version of task {confirming?.task} is pushed at the next sync and replaces the one on the remote server.
          The remote's version is not kept here.
        </p>
        <p className="muted">To keep both, choose Keep both instead.</p>
      </ConfirmDialog>
    </section>
  );
}
