export interface FuzzRoute {
  path: string;
  /** The methods it answers; a catch-all (`app.all`) gets GET and POST. */
  methods: string[];
}

/** Patterns that are middleware or fallbacks for every URL, not endpoints of their own. */
const NOT_ENDPOINTS = new Set(['*', '/*']);

/**
 * Every path the app registers, read off the Hono app itself so a new route is fuzzed without
 * anyone listing it. Middleware paths (`/api/*`) stay in: they are the unknown-URL answers.
 */
export function routeTable(app: { routes: readonly { method: string; path: string }[] }): FuzzRoute[] {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of app.routes) {
    if (NOT_ENDPOINTS.has(path)) continue;
    const methods = byPath.get(path) ?? new Set<string>();
    if (method !== 'ALL') methods.add(method);
    byPath.set(path, methods);
  }
  return [...byPath.entries()]
    .map(([path, methods]) => ({ path, methods: methods.size > 0 ? [...methods].sort() : ['GET', 'POST'] }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
