import type { ProjectSummary } from '../../api/projects';
import { ProjectCard } from './ProjectCard';
import { formatCount } from '../../../../shared/text/counts';

interface ProjectGridProps {
  projects: ProjectSummary[];
  count: number;
  busyIds: ReadonlySet<number>;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** A failed "load more"; the projects already shown stay. */
  error: string | null;
  onLoadMore: () => void;
  onDuplicate: (project: ProjectSummary) => void;
  onDelete: (project: ProjectSummary) => void;
}

export function ProjectGrid(props: ProjectGridProps) {
  const { projects, count, busyIds, hasMore, isLoadingMore, error } = props;
  return (
    <>
      <div className="project-grid">
        {projects.map((project) => (
          <ProjectCard
            key={project.id}
            project={project}
            busy={busyIds.has(project.id)}
            onDuplicate={props.onDuplicate}
            onDelete={props.onDelete}
          />
        ))}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {hasMore && (
        <div className="load-more">
          <button type="button" className="button" disabled={isLoadingMore} onClick={props.onLoadMore}>
            {isLoadingMore ? 'Loading…' : `Load more (${formatCount(count - projects.length)} more)`}
          </button>
        </div>
      )}
    </>
  );
}
