import type { SyncRun } from '../../api/remotes';
import { routes } from '../../router';
import { plural } from './runStats';
import '../../styles/syncVisibility.css';

/**
 * Where a run's conflicts wait: one link per project it recorded them in, to that project's
 * Conflicts page. Nothing when the run met none (or their projects are gone).
 */
export function RunConflictLinks({ run }: { run: SyncRun }) {
  const projects = run.conflict_projects ?? [];
  if (projects.length === 0) return null;
  return (
    <ul className="sync-run__conflicts" aria-label={`Conflicts of run ${run.id}`}>
      {projects.map((project) => {
        const title = project.title?.trim() || `Project ${project.id}`;
        return (
          <li key={project.id}>
            <a href={routes.projectConflicts(project.id)} className="sync-run__conflicts-link">
              Review {plural(project.conflicts, 'conflict')} in {title}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
