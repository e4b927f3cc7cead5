import type { StorageDirection, StorageType } from './storages';

/*
 * The cache keys of what the pages read. A key that starts with another's is part of it:
 * invalidating `remotes` also reloads each remote's projects and runs, and invalidating
 * `project(id)` everything read about one project.
 */
export const queryKeys = {
  connection: ['connection'] as const,
  serverVersion: ['server-version'] as const,
  appInfo: ['app-info'] as const,
  users: ['users'] as const,
  legacyToken: ['tokens', 'legacy'] as const,
  accessTokens: ['tokens', 'access'] as const,
  remotes: ['remotes'] as const,
  remoteProjects: (remoteId: number) => ['remotes', remoteId, 'projects'] as const,
  remoteRuns: (remoteId: number) => ['remotes', remoteId, 'runs'] as const,
  /** A remote project's tabs, by its id there: asked only while its "Choose part" dialog shows them. */
  remoteViews: (remoteId: number, remoteProjectId: number) => ['remotes', remoteId, 'views', remoteProjectId] as const,
  mirrors: ['mirrors'] as const,
  conflictCounts: ['conflict-counts'] as const,
  project: (projectId: number) => ['projects', projectId] as const,
  projectTitle: (projectId: number) => ['projects', projectId, 'title'] as const,
  projectSettings: (projectId: number) => ['projects', projectId, 'settings'] as const,
  importTarget: (projectId: number) => ['projects', projectId, 'import-target'] as const,
  taskCount: (projectId: number) => ['projects', projectId, 'task-count'] as const,
  conflicts: (projectId: number) => ['projects', projectId, 'conflicts'] as const,
  mlBackends: (projectId: number) => ['projects', projectId, 'ml-backends'] as const,
  localModel: (projectId: number) => ['projects', projectId, 'local-model'] as const,
  detector: (projectId: number) => ['projects', projectId, 'detector'] as const,
  predictionJobs: (projectId: number) => ['projects', projectId, 'prediction-jobs'] as const,
  projectEditor: (projectId: number) => ['projects', projectId, 'editor'] as const,
  editorChoices: (projectId: number) => ['projects', projectId, 'editor-choices'] as const,
  labelingProject: (projectId: number) => ['projects', projectId, 'labeling'] as const,
  dashboard: (projectId: number, query: object) => ['projects', projectId, 'dashboard', query] as const,
  quality: (projectId: number) => ['projects', projectId, 'quality'] as const,
  /** One task's annotations for the compare view: inside the project, so its writes reload it. */
  compareTask: (projectId: number, taskId: number) => ['projects', projectId, 'compare', taskId] as const,
  exportFormats: (projectId: number) => ['projects', projectId, 'export-formats'] as const,
  storages: (projectId: number) => ['projects', projectId, 'storages'] as const,
  storageTypes: (direction: StorageDirection) => ['storage-types', direction] as const,
  storageForm: (direction: StorageDirection, type: StorageType) => ['storage-forms', direction, type] as const,
  /** The Data Manager's columns and bulk actions. */
  dmMeta: (projectId: number) => ['projects', projectId, 'dm-meta'] as const,
  dmViews: (projectId: number) => ['projects', projectId, 'dm-views'] as const,
  /** Every page of every task list of the project (its tabs, filters and orderings). */
  dmTasks: (projectId: number) => ['projects', projectId, 'dm-tasks'] as const,
  dmTaskPage: (projectId: number, list: string, page: number) =>
    ['projects', projectId, 'dm-tasks', list, page] as const,
  /*
   * Outside `project(id)` on purpose: the task in the editor is read again only when the labeling
   * page says so (an invalidated project must not reload the editor over unsaved work), and the
   * label stream moves on only when the annotator does.
   */
  labelingTask: (taskId: number) => ['labeling', 'tasks', taskId] as const,
  labelStreamStart: (projectId: number, view?: number) => ['labeling', 'stream', projectId, view ?? 'project'] as const,
  taskNeighbours: (projectId: number, taskId: number) => ['labeling', 'neighbours', projectId, taskId] as const,
  taskRemoteLink: (taskId: number) => ['labeling', 'remote-link', taskId] as const,
  configValidation: (projectId: number | null, config: string) =>
    ['label-config', 'validation', projectId, config] as const,
  configSample: (projectId: number, config: string) => ['label-config', 'sample', projectId, config] as const,
  templates: ['templates'] as const,
  projectLists: ['project-lists'] as const,
  projects: (title: string, ordering: string) => ['project-lists', title, ordering] as const,
};
