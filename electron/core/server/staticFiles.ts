import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import type { AppEnv } from './appEnv.js';
import { hasBrowserSession } from './browserSession.js';
import { sendDjangoNotFound } from './errorEnvelope.js';
import { sendSignInPage, signInPage } from './signInPages.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The UI may load only its own files and talk only to this server. */
export const UI_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; object-src 'none'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

async function fileIfPresent(path: string): Promise<Buffer | null> {
  try {
    return (await stat(path)).isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
}

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Serves the built renderer. Unknown paths without an extension get index.html so the app's own
 * router can handle them; nothing outside the renderer folder is ever read.
 */
export async function serveRenderer(c: Context<AppEnv>): Promise<Response> {
  const root = c.get('deps').rendererDir;
  if (!root) return sendDjangoNotFound(c);
  const decoded = decodePath(c.req.path);
  // A broken escape (`/%zz`, half a UTF-8 sequence) names no file: Django answers 404 for it too.
  if (decoded === null) return sendDjangoNotFound(c);
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  const target = join(root, relative);
  if (target !== root && !target.startsWith(root + sep)) return sendDjangoNotFound(c);

  let path = target;
  let body = relative ? await fileIfPresent(target) : null;
  if (!body && !extname(relative)) {
    path = join(root, 'index.html');
    body = await fileIfPresent(path);
  }
  if (!body) return sendDjangoNotFound(c);
  // In browser mode the app itself is useless without a session (every API call would be refused):
  // a browser that has none is told how to sign in instead. The desktop app signs its window in
  // itself and never sees this.
  const isAppShell = path === join(root, 'index.html');
  if (isAppShell && c.get('deps').appMode !== 'electron' && !hasBrowserSession(c)) {
    return sendSignInPage(c, signInPage(new URL(c.req.url).origin), 200);
  }
  const type = CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'Content-Type': type };
  if (type.startsWith('text/html')) {
    headers['Content-Security-Policy'] = UI_CONTENT_SECURITY_POLICY;
    headers['Cache-Control'] = 'no-cache';
  }
  return c.body(new Uint8Array(body), 200, headers);
}
