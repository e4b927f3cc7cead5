import { useId } from 'react';
import type { Remote, RemoteProject } from '../../api/remotes';
import { routes } from '../../router';
import { CopyToServer } from './CopyToServer';
import { ProjectScope } from './ProjectScope';
import { formatCount } from './runStats';
import { ScopeDialog } from './ScopeDialog';
import { timeAgo } from './timeText';
import type { Polled } from './usePolling';
import { useScopeEditing } from './useScopeEditing';

interface RemoteProjectsProps {
  remoteId: number;
  remoteName: string;
  projects: Polled<RemoteProject[]>;
  chosen: ReadonlySet<number>;
  onToggle: (projectId: number) => void;
  onRetry: () => void;
  now: number;
  /** The other remotes, which a mirrored project can be copied to. */
  copyTargets: readonly Remote[];
}

function MirrorCell({
  project,
  now,
  copyTargets,
}: {
  project: RemoteProject;
  now: number;
  copyTargets: readonly Remote[];
}) {
  if (!project.mirror) return <span className="muted">Not mirrored</span>;
  const { mirror } = project;
  return (
    <span className="sync-projects__mirror">
      <a href={routes.projectData(mirror.project)} aria-label={`Open the local copy of ${project.title}`}>
        Open the local copy
      </a>
      <span className="muted">
        {mirror.last_pull_at ? `pulled ${timeAgo(mirror.last_pull_at, now)}` : 'not pulled yet'}
      </span>
      {copyTargets.length > 0 && (
        <CopyToServer projectId={mirror.project} title={project.title} targets={copyTargets} />
      )}
    </span>
  );
}

/** The projects the token's user can see on the remote, each with a checkbox, the part it pulls and its local mirror. */
export function RemoteProjects({
  remoteId,
  remoteName,
  projects,
  chosen,
  onToggle,
  onRetry,
  now,
  copyTargets,
}: RemoteProjectsProps) {
  const idPrefix = useId();
  const scopeEditing = useScopeEditing(remoteId);
  if (projects.status === 'loading') return <p className="muted">Asking {remoteName} for its projects…</p>;
  // A failed refresh keeps the last list (still useful to choose from) under the reason.
  const problem = projects.status === 'error' && (
    <div className="notice notice--error" role="alert">
      <span>The projects could not be listed: {projects.message}</span>
      <button type="button" className="button button--small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
  const list = projects.value ?? [];
  if (list.length === 0) {
    return problem || <p className="muted">The token’s user sees no projects on {remoteName}.</p>;
  }
  return (
    <>
      {problem}
      <table className="sync-projects">
        <caption className="visually-hidden">Projects on {remoteName}</caption>
        <thead>
          <tr>
            <th scope="col" className="sync-projects__check">
              <span className="visually-hidden">Chosen</span>
            </th>
            <th scope="col">Project</th>
            <th scope="col" className="sync-projects__number">
              Tasks
            </th>
            <th scope="col">Part</th>
            <th scope="col">Here</th>
          </tr>
        </thead>
        <tbody>
          {list.map((project) => (
            <tr key={project.id} className={chosen.has(project.id) ? 'sync-projects__row--chosen' : undefined}>
              <td className="sync-projects__check">
                <input
                  type="checkbox"
                  id={`${idPrefix}-${project.id}`}
                  checked={chosen.has(project.id)}
                  onChange={() => onToggle(project.id)}
                  aria-label={`Sync ${project.title}`}
                />
              </td>
              <td>
                <label htmlFor={`${idPrefix}-${project.id}`} className="sync-projects__title">
                  {project.title}
                </label>
                <span className="muted sync-projects__id"> #{project.id}</span>
              </td>
              <td className="sync-projects__number">
                {project.task_number === null ? '—' : formatCount(project.task_number)}
              </td>
              <td>
                <ProjectScope project={project} onChoose={() => scopeEditing.start(project)} />
              </td>
              <td>
                <MirrorCell project={project} now={now} copyTargets={copyTargets} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ScopeDialog
        remoteId={remoteId}
        remoteName={remoteName}
        project={scopeEditing.editing}
        busy={scopeEditing.busy}
        error={scopeEditing.error}
        onSubmit={(scope) => void scopeEditing.save(scope)}
        onClose={scopeEditing.close}
      />
    </>
  );
}
