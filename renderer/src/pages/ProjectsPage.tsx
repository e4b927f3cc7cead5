import { useState } from 'react';
import { useApi } from '../api/apiContext';
import {
  createProject,
  deleteProject,
  duplicateProject,
  type NewProject,
  type ProjectOrdering,
  type ProjectSummary,
} from '../api/projects';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { LabelFolderDialog } from '../features/labelFolder/LabelFolderDialog';
import { ProjectGrid } from '../features/projects/ProjectGrid';
import { ProjectFormDialog } from '../features/projects/ProjectFormDialog';
import { ProjectsToolbar } from '../features/projects/ProjectsToolbar';
import { useToasts } from '../components/toastContext';
import { routes } from '../router';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useProjectList } from '../features/projects/useProjectList';
import { duplicateProjectWithTasks } from '../api/copyTasks';
import { DuplicateProjectDialog } from '../features/projects/DuplicateProjectDialog';
import { pluralize } from '../../../shared/text/counts';

function titleOf(project: { title: string | null }): string {
  return project.title?.trim() || 'Untitled project';
}

function counted(count: number, one: string, many: string): string {
  return pluralize(count, one, many);
}

/** What deleting takes with it, said in words: "its 1 task and 2 annotations", or nothing when empty. */
function deletionSummary(project: ProjectSummary): string {
  const tasks = project.task_number ?? 0;
  const annotations = project.total_annotations_number ?? 0;
  const contents = [
    tasks > 0 ? counted(tasks, 'task', 'tasks') : '',
    annotations > 0 ? counted(annotations, 'annotation', 'annotations') : '',
  ].filter(Boolean);
  const what =
    contents.length > 0 ? `“${titleOf(project)}” and its ${contents.join(' and ')}` : `“${titleOf(project)}”`;
  return `${what} will be deleted. This cannot be undone.`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ProjectsPage() {
  const client = useApi();
  const toasts = useToasts();
  const [search, setSearch] = useState('');
  const [ordering, setOrdering] = useState<ProjectOrdering>('newest');
  const title = useDebouncedValue(search.trim(), 250);
  const list = useProjectList(title, ordering);

  const [isCreateOpen, setCreateOpen] = useState(false);
  const [isFolderOpen, setFolderOpen] = useState(false);
  const [isCreating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ProjectSummary | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const [toDuplicate, setToDuplicate] = useState<ProjectSummary | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  const openCreate = () => {
    setCreateError(null);
    setCreateOpen(true);
  };

  const create = async (project: NewProject) => {
    setCreating(true);
    setCreateError(null);
    try {
      const created = await createProject(client, project);
      setCreateOpen(false);
      toasts.success(`Created “${titleOf(created)}”. Import the data to label.`);
      // A new project has no tasks yet: its import page is the next step.
      window.location.hash = routes.projectImport(created.id);
    } catch (error) {
      setCreateError(messageOf(error));
    } finally {
      setCreating(false);
    }
  };

  const duplicate = async (project: ProjectSummary, withTasks: boolean) => {
    setToDuplicate(null);
    setBusyIds((ids) => new Set(ids).add(project.id));
    try {
      const { copy, tasks } = withTasks
        ? await duplicateProjectWithTasks(client, project.id)
        : { copy: await duplicateProject(client, project.id), tasks: null };
      const what = tasks === null ? '' : ` with ${pluralize(tasks, 'task')}`;
      toasts.success(`Duplicated “${titleOf(project)}” as “${titleOf(copy)}”${what}.`);
      void list.reload();
    } catch (error) {
      toasts.error(`Could not duplicate “${titleOf(project)}”: ${messageOf(error)}`);
    } finally {
      setBusyIds((ids) => new Set([...ids].filter((id) => id !== project.id)));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteProject(client, toDelete.id);
      toasts.success(`Deleted “${titleOf(toDelete)}”.`);
      setToDelete(null);
      void list.reload();
    } catch (error) {
      toasts.error(`Could not delete “${titleOf(toDelete)}”: ${messageOf(error)}`);
    } finally {
      setDeleting(false);
    }
  };

  const isFiltered = title !== '';
  // Only a browser signs in with a session; the desktop app's window has its token from the preload.
  const isSignedOut = list.isSignedOut && !window.outpost;
  return (
    <section className="page" aria-labelledby="projects-heading">
      <div className="page__header">
        <h1 id="projects-heading" className="page__title">
          Projects
        </h1>
        {list.status === 'ready' && (
          <p className="page__subtitle" aria-live="polite">
            {pluralize(list.count, 'project')}
            {isFiltered ? ` matching “${title}”` : ''}
          </p>
        )}
      </div>
      <ProjectsToolbar
        search={search}
        ordering={ordering}
        onSearchChange={setSearch}
        onOrderingChange={setOrdering}
        onCreate={openCreate}
        onLabelFolder={() => setFolderOpen(true)}
      />

      {list.status === 'loading' && (
        <div className="project-grid" aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading projects…
          </p>
          {[0, 1, 2].map((index) => (
            <div key={index} className="project-card project-card--skeleton" aria-hidden="true" />
          ))}
        </div>
      )}

      {list.status === 'error' && isSignedOut && (
        <div className="notice notice--error" role="alert">
          <p>This browser is no longer signed in to Outpost. Reload the page to see how to sign in again.</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}

      {list.status === 'error' && !isSignedOut && (
        <div className="notice notice--error" role="alert">
          <p>Projects could not be loaded: {list.error}</p>
          <button type="button" className="button" onClick={() => void list.reload()}>
            Try again
          </button>
        </div>
      )}

      {list.status === 'ready' && list.projects.length === 0 && (
        <EmptyState title={isFiltered ? 'No projects match your search' : 'No projects yet'}>
          {isFiltered ? (
            <button type="button" className="button" onClick={() => setSearch('')}>
              Clear search
            </button>
          ) : (
            <>
              <p>A project holds a labeling setup and the tasks to label with it.</p>
              <div className="empty-state__actions">
                <button type="button" className="button button--primary" onClick={openCreate}>
                  Create your first project
                </button>
                <button type="button" className="button" aria-haspopup="dialog" onClick={() => setFolderOpen(true)}>
                  Label a folder
                </button>
              </div>
            </>
          )}
        </EmptyState>
      )}

      {list.status === 'ready' && list.projects.length > 0 && (
        <ProjectGrid
          projects={list.projects}
          count={list.count}
          busyIds={busyIds}
          hasMore={list.hasMore}
          isLoadingMore={list.isLoadingMore}
          error={list.error}
          onLoadMore={() => void list.loadMore()}
          onDuplicate={setToDuplicate}
          onDelete={setToDelete}
        />
      )}

      <ProjectFormDialog
        open={isCreateOpen}
        busy={isCreating}
        error={createError}
        onSubmit={(project) => void create(project)}
        onClose={() => setCreateOpen(false)}
      />
      <LabelFolderDialog open={isFolderOpen} onClose={() => setFolderOpen(false)} />
      <DuplicateProjectDialog
        title={toDuplicate ? titleOf(toDuplicate) : null}
        onDuplicate={(withTasks) => toDuplicate && void duplicate(toDuplicate, withTasks)}
        onCancel={() => setToDuplicate(null)}
      />
      <ConfirmDialog
        title="Delete project?"
        open={toDelete !== null}
        confirmLabel="Delete project"
        busy={isDeleting}
        busyLabel="Deleting…"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && <p>{deletionSummary(toDelete)}</p>}
      </ConfirmDialog>
    </section>
  );
}
