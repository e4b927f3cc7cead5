import { serveStatic } from '@hono/node-server/serve-static';
import { statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './appEnv.js';
import { hasBrowserSession } from './browserSession.js';
import { sendDjangoNotFound } from './errorEnvelope.js';
import { sendSignInPage, signInPage } from './signInPages.js';

/** The UI may load only its own files and talk only to this server. */
export const UI_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; object-src 'none'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

const SHELL = '/index.html';

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built renderer with @hono/node-server's serveStatic (which keeps reads inside the
 * folder and refuses dot segments and leftover escapes). Around it, what it has no hook for: an
 * extension-less path that names no file gets the app shell, so the app's own router can handle
 * it; in browser mode a browser without a session gets the sign-in page instead of the shell; HTML
 * carries the UI's CSP and is never cached; anything else is Django's 404.
 */
export function serveRenderer(rendererDir: string | null): MiddlewareHandler<AppEnv> {
  if (!rendererDir) return (c) => Promise.resolve(sendDjangoNotFound(c));
  const shellOr = (path: string) => (extname(path) || isFile(join(rendererDir, path)) ? path : SHELL);
  const files = serveStatic<AppEnv>({ root: rendererDir, rewriteRequestPath: shellOr });
  return async (c: Context<AppEnv>) => {
    // Hono decoded the path; an escape left in it was broken (`/%zz`, half a UTF-8 sequence) and
    // names no file: Django answers 404 for it too.
    if (c.req.path.includes('%')) return sendDjangoNotFound(c);
    // In browser mode the app itself is useless without a session (every API call would be
    // refused): a browser that has none is told how to sign in instead. The desktop app signs its
    // window in itself and never sees this.
    const isShell = shellOr(c.req.path) === SHELL && isFile(join(rendererDir, SHELL));
    if (isShell && c.get('deps').appMode !== 'electron' && !hasBrowserSession(c)) {
      return sendSignInPage(c, signInPage(new URL(c.req.url).origin), 200);
    }
    const response = await files(c, () => Promise.resolve());
    if (!response) return sendDjangoNotFound(c);
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      response.headers.set('Content-Security-Policy', UI_CONTENT_SECURITY_POLICY);
      response.headers.set('Cache-Control', 'no-cache');
    }
    return response;
  };
}
