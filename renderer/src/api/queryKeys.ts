/*
 * The cache keys of what the pages read. A key that starts with another's is part of it:
 * invalidating `remotes` also reloads each remote's projects and runs.
 */
export const queryKeys = {
  remotes: ['remotes'] as const,
  remoteProjects: (remoteId: number) => ['remotes', remoteId, 'projects'] as const,
  remoteRuns: (remoteId: number) => ['remotes', remoteId, 'runs'] as const,
  mirrors: ['mirrors'] as const,
  conflicts: (projectId: number) => ['projects', projectId, 'conflicts'] as const,
  mlBackends: (projectId: number) => ['projects', projectId, 'ml-backends'] as const,
  localModel: (projectId: number) => ['projects', projectId, 'local-model'] as const,
  editorChoices: (projectId: number) => ['projects', projectId, 'editor-choices'] as const,
  dashboard: (projectId: number, query: object) => ['projects', projectId, 'dashboard', query] as const,
  templates: ['templates'] as const,
  projectLists: ['project-lists'] as const,
  projects: (title: string, ordering: string) => ['project-lists', title, ordering] as const,
};
