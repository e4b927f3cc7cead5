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
  /** One task's annotations side by side, with their differences. */
  | { page: 'taskCompare'; projectId: number; taskId: number }
  /**
   * `taskId` null is the label stream: the next task that needs my annotation (with `view`, among
   * a Data Manager tab's tasks in its order), or with `selectedTasks` the tasks picked in the Data
   * Manager, one after another.
   */
  | { page: 'labeling'; projectId: number; taskId: number | null; selectedTasks?: readonly number[]; view?: number };

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
  labelStream: (projectId: number, selectedTasks: readonly number[] = [], view?: number) =>
    `#/projects/${projectId}/label${streamQuery(selectedTasks, view)}`,
  labelTask: (projectId: number, taskId: number) => `#/projects/${projectId}/tasks/${taskId}`,
  compareTask: (projectId: number, taskId: number) => `#/projects/${projectId}/compare/${taskId}`,
};

/** Picked tasks, else a Data Manager tab, else nothing: the whole project's stream. */
function streamQuery(selectedTasks: readonly number[] = [], view?: number): string {
  if (selectedTasks.length > 0) return `?tasks=${selectedTasks.join(',')}`;
  return view === undefined ? '' : `?view=${view}`;
}

const PROJECT_PAGES: Record<string, Exclude<ProjectPage, 'taskCompare'>> = {
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
  const compare = /^#\/projects\/(\d+)\/compare\/(\d+)\/?$/.exec(hash);
  if (compare) return { page: 'taskCompare', projectId: Number(compare[1]), taskId: Number(compare[2]) };
  const project = /^#\/projects\/(\d+)(?:\/([a-z]+))?\/?(?:\?tasks=(\d+(?:,\d+)*)|\?view=(\d+))?$/.exec(hash);
  const page = project ? PROJECT_PAGES[project[2] ?? ''] : undefined;
  if (project && page) {
    const projectId = Number(project[1]);
    if (page !== 'labeling') return { page, projectId };
    const selectedTasks = project[3]?.split(',').map(Number);
    if (selectedTasks) return { page, projectId, taskId: null, selectedTasks };
    return project[4] ? { page, projectId, taskId: null, view: Number(project[4]) } : { page, projectId, taskId: null };
  }
  return { page: 'projects' };
}

/** A stable key per page, so a page remounts when it is another project or task. */
export function routeKey(route: Route): string {
  if (route.page === 'labeling') {
    return `labeling/${route.projectId}/${route.taskId ?? 'stream'}${streamQuery(route.selectedTasks, route.view)}`;
  }
  if (route.page === 'taskCompare') return `taskCompare/${route.projectId}/${route.taskId}`;
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
