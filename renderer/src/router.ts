import { useEffect, useState } from 'react';

/** The app's pages, addressed by the URL hash so the server needs no routes and reloads keep the page. */
export type Route =
  | { page: 'projects' }
  | { page: 'appSettings' }
  | { page: 'sync' }
  | { page: 'projectData'; projectId: number }
  | { page: 'projectImport'; projectId: number }
  | { page: 'projectSettings'; projectId: number }
  | { page: 'projectConflicts'; projectId: number }
  | { page: 'projectDashboard'; projectId: number }
  /**
   * `taskId` null is the label stream: the next task that needs my annotation, or with
   * `selectedTasks` the tasks picked in the Data Manager, one after another.
   */
  | { page: 'labeling'; projectId: number; taskId: number | null; selectedTasks?: readonly number[] };

export type ProjectPage = Extract<Route, { projectId: number }>['page'];

export const routes = {
  projects: '#/',
  appSettings: '#/settings',
  sync: '#/sync',
  projectData: (projectId: number) => `#/projects/${projectId}`,
  projectImport: (projectId: number) => `#/projects/${projectId}/import`,
  projectSettings: (projectId: number) => `#/projects/${projectId}/settings`,
  projectConflicts: (projectId: number) => `#/projects/${projectId}/conflicts`,
  projectDashboard: (projectId: number) => `#/projects/${projectId}/dashboard`,
  labelStream: (projectId: number, selectedTasks: readonly number[] = []) =>
    `#/projects/${projectId}/label${selectedTasks.length > 0 ? `?tasks=${selectedTasks.join(',')}` : ''}`,
  labelTask: (projectId: number, taskId: number) => `#/projects/${projectId}/tasks/${taskId}`,
};

const PROJECT_PAGES: Record<string, ProjectPage> = {
  '': 'projectData',
  import: 'projectImport',
  settings: 'projectSettings',
  conflicts: 'projectConflicts',
  dashboard: 'projectDashboard',
  label: 'labeling',
};

export function parseRoute(hash: string): Route {
  if (/^#\/settings\/?$/.test(hash)) return { page: 'appSettings' };
  if (/^#\/sync\/?$/.test(hash)) return { page: 'sync' };
  const task = /^#\/projects\/(\d+)\/tasks\/(\d+)\/?$/.exec(hash);
  if (task) return { page: 'labeling', projectId: Number(task[1]), taskId: Number(task[2]) };
  const project = /^#\/projects\/(\d+)(?:\/([a-z]+))?\/?(?:\?tasks=(\d+(?:,\d+)*))?$/.exec(hash);
  const page = project ? PROJECT_PAGES[project[2] ?? ''] : undefined;
  if (project && page) {
    const projectId = Number(project[1]);
    if (page !== 'labeling') return { page, projectId };
    const selectedTasks = project[3]?.split(',').map(Number);
    return selectedTasks ? { page, projectId, taskId: null, selectedTasks } : { page, projectId, taskId: null };
  }
  return { page: 'projects' };
}

/** A stable key per page, so a page remounts when it is another project or task. */
export function routeKey(route: Route): string {
  if (route.page === 'labeling') {
    const selected = route.selectedTasks ? `?tasks=${route.selectedTasks.join(',')}` : '';
    return `labeling/${route.projectId}/${route.taskId ?? 'stream'}${selected}`;
  }
  return 'projectId' in route ? `${route.page}/${route.projectId}` : route.page;
}

export function useRoute(): Route {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return parseRoute(hash);
}
