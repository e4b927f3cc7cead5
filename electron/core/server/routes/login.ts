import type { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { redeemLoginToken } from '../../domain/auth/browserSessions.js';
import type { AppEnv } from '../appEnv.js';
import { CSRF_COOKIE, SESSION_COOKIE } from '../sessionCookies.js';

const EXPIRED_PAGE = `<!doctype html><meta charset="utf-8"><title>Outpost</title>
<p>This login link has expired or was already used. Restart Outpost, or run <code>outpost serve</code>, to get a new one.</p>`;

/**
 * `GET /login?token=…`: the one-time link `outpost serve` prints. The token in the query string is
 * single-use and short-lived; it is traded for an HttpOnly, SameSite=Strict session cookie and a
 * script-readable CSRF cookie, then the browser goes to the app without the token in its address.
 */
export function loginRoutes(app: Hono<AppEnv>): void {
  app.get('/login', (c) => {
    const token = c.req.query('token');
    const session = token ? redeemLoginToken(c.get('deps'), token) : null;
    c.header('Cache-Control', 'no-store');
    if (!session) return c.html(EXPIRED_PAGE, 403);
    const common = { path: '/', sameSite: 'Strict', maxAge: session.maxAgeSeconds } as const;
    setCookie(c, SESSION_COOKIE, session.session, { ...common, httpOnly: true });
    setCookie(c, CSRF_COOKIE, session.csrfToken, common);
    return c.redirect('/', 302);
  });
}
