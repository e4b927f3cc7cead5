import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiContext } from './api/apiContext';
import type { ApiClient } from './api/client';
import { connectApiClient } from './api/connection';
import { AppHeader } from './components/AppHeader';
import { StatusBar } from './components/StatusBar';
import { ToastProvider } from './components/ToastProvider';
import { ProjectsPage } from './pages/ProjectsPage';
import { useRoute } from './router';
import { useTheme } from './theme/theme';

// The settings page carries CodeMirror: loaded on first visit, so the projects page stays small.
const ProjectSettingsPage = lazy(async () => ({
  default: (await import('./pages/ProjectSettingsPage')).ProjectSettingsPage,
}));

type Connection = { kind: 'connecting' } | { kind: 'ready'; client: ApiClient } | { kind: 'failed'; message: string };

/** The shell: header with navigation and theme, the current page, toasts, and the status bar. */
export function App() {
  const [theme, setTheme] = useTheme();
  const [connection, setConnection] = useState<Connection>({ kind: 'connecting' });
  const route = useRoute();
  const routeKey = route.page === 'projectSettings' ? `settings/${route.projectId}` : route.page;
  const firstRoute = useRef(routeKey);

  // After a navigation (not the first load), focus moves to the new page, as a page load would do.
  useEffect(() => {
    if (routeKey === firstRoute.current) return;
    firstRoute.current = '';
    document.getElementById('main')?.focus();
  }, [routeKey]);

  useEffect(() => {
    connectApiClient().then(
      (client) => setConnection({ kind: 'ready', client }),
      (error: unknown) => setConnection({ kind: 'failed', message: String(error) }),
    );
  }, []);

  const client = connection.kind === 'ready' ? connection.client : null;
  return (
    <ToastProvider>
      <ApiContext.Provider value={client}>
        <div className="app">
          <AppHeader page="projects" theme={theme} onThemeChange={setTheme} />
          <main id="main" className="app-main" tabIndex={-1}>
            {connection.kind === 'connecting' && <p role="status">Connecting to the local server…</p>}
            {connection.kind === 'failed' && (
              <p className="notice notice--error" role="alert">
                Outpost could not reach its local server: {connection.message}
              </p>
            )}
            {client && route.page === 'projects' && <ProjectsPage />}
            {client && route.page === 'projectSettings' && (
              <Suspense fallback={<p role="status">Loading…</p>}>
                <ProjectSettingsPage key={route.projectId} projectId={route.projectId} />
              </Suspense>
            )}
          </main>
          {client ? <StatusBar /> : <footer className="status-bar" />}
        </div>
      </ApiContext.Provider>
    </ToastProvider>
  );
}
