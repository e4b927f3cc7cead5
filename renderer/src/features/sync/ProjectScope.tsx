import type { RemoteProject } from '../../api/remotes';
import { mirrorHolding, scopeSummary } from './scopeText';

/** A row's part of its remote project: what a sync pulls, how much of it is here, and the button to change it. */
export function ProjectScope({ project, onChoose }: { project: RemoteProject; onChoose: () => void }) {
  const holding = mirrorHolding(project);
  return (
    <span className="sync-projects__scope">
      <span data-testid="project-scope">{scopeSummary(project.scope)}</span>
      {holding && (
        <span className="muted" data-testid="project-holding">
          {holding}
        </span>
      )}
      {/* The ellipsis says a dialog opens; aria-haspopup says it to a screen reader instead. */}
      <button
        type="button"
        className="button button--small"
        aria-label={`Choose part of ${project.title}`}
        aria-haspopup="dialog"
        onClick={onChoose}
      >
        Choose part…
      </button>
    </span>
  );
}
