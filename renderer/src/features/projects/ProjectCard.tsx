import type { ProjectSummary } from '../../api/projects';
import { progressParts } from './progressParts';
import { routes } from '../../router';
import { ProjectProgress } from './ProjectProgress';
import { ProjectSyncBadges } from '../sync/ProjectSyncBadges';
import { formatCount, pluralize } from '../../../../shared/text/counts';

interface ProjectCardProps {
  project: ProjectSummary;
  busy: boolean;
  onDuplicate: (project: ProjectSummary) => void;
  onDelete: (project: ProjectSummary) => void;
}

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function plural(count: number, one: string, many: string): string {
  return pluralize(count, one, many);
}

/** White is Label Studio's "no color": it gets the neutral border instead of a stripe. */
function stripeColor(color: string | null): string | undefined {
  if (!color || /^#?f{6}$/i.test(color)) return undefined;
  return color;
}

export function ProjectCard({ project, busy, onDuplicate, onDelete }: ProjectCardProps) {
  const title = project.title?.trim() || 'Untitled project';
  const parts = progressParts(project);
  const annotations = project.total_annotations_number ?? 0;
  const stripe = stripeColor(project.color);
  return (
    <article
      className="project-card"
      aria-labelledby={`project-${project.id}-title`}
      data-testid="project-card"
      style={stripe ? { borderTopColor: stripe } : undefined}
    >
      <header className="project-card__header">
        <h2 id={`project-${project.id}-title`} className="project-card__title">
          <a className="project-card__link" href={routes.projectData(project.id)}>
            {title}
          </a>
        </h2>
        <span className="project-card__id">#{project.id}</span>
      </header>
      <p className={project.description ? 'project-card__description' : 'project-card__description muted'}>
        {project.description || 'No description'}
      </p>
      <dl className="project-card__counts">
        <div>
          <dt>Tasks</dt>
          <dd data-testid="task-count">{formatCount(parts.total)}</dd>
        </div>
        <div>
          <dt>Annotations</dt>
          <dd data-testid="annotation-count">{formatCount(annotations)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={project.created_at}>{DATE_FORMAT.format(new Date(project.created_at))}</time>
          </dd>
        </div>
      </dl>
      <ProjectProgress parts={parts} />
      <ProjectSyncBadges projectId={project.id} title={title} />
      <footer className="project-card__actions">
        <span className="visually-hidden">
          {plural(parts.total, 'task', 'tasks')}, {plural(annotations, 'annotation', 'annotations')}
        </span>
        <a
          className="button button--small"
          href={routes.projectSettings(project.id)}
          aria-label={`Settings of ${title}`}
        >
          Settings
        </a>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          aria-label={`Duplicate ${title}`}
          onClick={() => onDuplicate(project)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="button button--small button--danger-quiet"
          disabled={busy}
          aria-label={`Delete ${title}`}
          onClick={() => onDelete(project)}
        >
          Delete
        </button>
      </footer>
    </article>
  );
}
