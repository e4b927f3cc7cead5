import { useEffect, useState } from 'react';

/** The app's pages, addressed by the URL hash so the server needs no routes and reloads keep the page. */
export type Route = { page: 'projects' } | { page: 'projectSettings'; projectId: number };

export const routes = {
  projects: '#/',
  projectSettings: (projectId: number) => `#/projects/${projectId}/settings`,
};

export function parseRoute(hash: string): Route {
  const settings = /^#\/projects\/(\d+)\/settings\/?$/.exec(hash);
  if (settings) return { page: 'projectSettings', projectId: Number(settings[1]) };
  return { page: 'projects' };
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
