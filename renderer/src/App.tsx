import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiContext } from './api/apiContext';
import { connectApiClient } from './api/connection';
import { createQueryClient } from './api/queryClient';
import { queryKeys } from './api/queryKeys';
import { AppHeader } from './components/AppHeader';
import { StatusBar } from './components/StatusBar';
import { ToastProvider } from './components/ToastProvider';
import { ProjectsPage } from './pages/ProjectsPage';
import { routeKey, useRoute, type Route } from './router';
import { useTheme } from './theme/theme';

// Every page but the projects list is loaded on first visit, so the first screen stays small.
const ProjectSettingsPage = lazy(async () => ({
  default: (await import('./pages/ProjectSettingsPage')).ProjectSettingsPage,
}));
const DataManagerPage = lazy(async () => ({ default: (await import('./pages/DataManagerPage')).DataManagerPage }));
const ImportPage = lazy(async () => ({ default: (await import('./pages/ImportPage')).ImportPage }));
const LabelingPage = lazy(async () => ({ default: (await import('./pages/LabelingPage')).LabelingPage }));
const SyncPage = lazy(async () => ({ default: (await import('./pages/SyncPage')).SyncPage }));
const ConflictsPage = lazy(async () => ({ default: (await import('./pages/ConflictsPage')).ConflictsPage }));
const DashboardPage = lazy(async () => ({ default: (await import('./pages/DashboardPage')).DashboardPage }));
const ComparePage = lazy(async () => ({ default: (await import('./pages/ComparePage')).ComparePage }));
const AppSettingsPage = lazy(async () => ({ default: (await import('./pages/AppSettingsPage')).AppSettingsPage }));

function CurrentPage({ route }: { route: Route }) {
  switch (route.page) {
    case 'projects':
      return <ProjectsPage />;
    case 'appSettings':
      return <AppSettingsPage />;
    case 'sync':
      return <SyncPage />;
    case 'projectConflicts':
      return <ConflictsPage projectId={route.projectId} />;
    case 'projectDashboard':
      return <DashboardPage projectId={route.projectId} />;
    case 'taskCompare':
      return <ComparePage projectId={route.projectId} taskId={route.taskId} />;
    case 'projectData':
      return <DataManagerPage projectId={route.projectId} />;
    case 'projectImport':
      return <ImportPage projectId={route.projectId} />;
    case 'projectSettings':
      return <ProjectSettingsPage projectId={route.projectId} />;
    case 'labeling':
      return (
        <LabelingPage
          projectId={route.projectId}
          taskId={route.taskId}
          selectedTasks={route.selectedTasks}
          view={route.view}
        />
      );
  }
}

/** The shell: header with navigation and theme, the current page, toasts, and the status bar. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ToastProvider>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </ToastProvider>
  );
}

function Shell() {
  const [theme, setTheme] = useTheme();
  // Asked once: the server's address and token do not change while the window is open.
  const connection = useQuery({ queryKey: queryKeys.connection, queryFn: connectApiClient, staleTime: Infinity });
  const route = useRoute();
  const key = routeKey(route);
  const firstRoute = useRef(key);

  // After a navigation (not the first load), focus moves to the new page, as a page load would do.
  useEffect(() => {
    if (key === firstRoute.current) return;
    firstRoute.current = '';
    document.getElementById('main')?.focus();
  }, [key]);

  const client = connection.data ?? null;
  return (
    <ApiContext.Provider value={client}>
      <div className="app">
        <AppHeader
          page={route.page === 'appSettings' || route.page === 'sync' ? route.page : 'projects'}
          theme={theme}
          onThemeChange={setTheme}
        />
        <main id="main" className="app-main" tabIndex={-1}>
          {connection.isPending && <p role="status">Connecting to the local server…</p>}
          {connection.isError && (
            <p className="notice notice--error" role="alert">
              Outpost could not reach its local server: {String(connection.error)}
            </p>
          )}
          {client && (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <CurrentPage key={key} route={route} />
            </Suspense>
          )}
        </main>
        {client ? <StatusBar /> : <footer className="status-bar" />}
      </div>
    </ApiContext.Provider>
  );
}
