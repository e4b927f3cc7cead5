import { useEffect, useState } from 'react';
import { ApiContext } from './api/apiContext';
import type { ApiClient } from './api/client';
import { connectApiClient } from './api/connection';
import { AppHeader } from './components/AppHeader';
import { StatusBar } from './components/StatusBar';
import { ToastProvider } from './components/ToastProvider';
import { ProjectsPage } from './pages/ProjectsPage';
import { useTheme } from './theme/theme';

type Connection = { kind: 'connecting' } | { kind: 'ready'; client: ApiClient } | { kind: 'failed'; message: string };

/** The shell: header with navigation and theme, the current page, toasts, and the status bar. */
export function App() {
  const [theme, setTheme] = useTheme();
  const [connection, setConnection] = useState<Connection>({ kind: 'connecting' });

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
            {client && <ProjectsPage />}
          </main>
          {client ? <StatusBar /> : <footer className="status-bar" />}
        </div>
      </ApiContext.Provider>
    </ToastProvider>
  );
}
