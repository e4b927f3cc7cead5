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

/**
 * The labeling editor's page, which runs Label Studio's editor (a remote server's code, for a
 * cached one). `sandbox` gives it an opaque origin even when opened on its own, so it has no
 * cookie, no storage and no same-origin access to the app; it may load this server's scripts,
 * styles and fonts, show images and media from blob: and data: URLs (the page hands it the
 * task's media as bytes), and connect nowhere but to those blobs. Forms fire their submit
 * events for the editor's scripts but submit nowhere.
 */
export const EDITOR_FRAME_CONTENT_SECURITY_POLICY =
  "sandbox allow-scripts allow-forms; default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; media-src data: blob:; font-src 'self' data:; connect-src blob: data:; " +
  "worker-src blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

export const EDITOR_PAGE = '/editor.html';

/**
 * The editor frame's origin is opaque, so its browser sends `Origin: null` and needs CORS to run
 * module scripts, read fonts and see script errors. Only static files get this answer: they are
 * public already (served to anyone without a session), carry no credentials
 * (no Allow-Credentials), and it names only the opaque origin rather than the whole web. The API
 * never answers CORS, so the frame's requests to it fail.
 */
export const FRAME_STATIC_CORS = { 'Access-Control-Allow-Origin': 'null' } as const;

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
      const isEditorPage = c.req.path === EDITOR_PAGE;
      response.headers.set(
        'Content-Security-Policy',
        isEditorPage ? EDITOR_FRAME_CONTENT_SECURITY_POLICY : UI_CONTENT_SECURITY_POLICY,
      );
      response.headers.set('Cache-Control', 'no-cache');
    } else {
      for (const [name, value] of Object.entries(FRAME_STATIC_CORS)) response.headers.set(name, value);
    }
    return response;
  };
}
