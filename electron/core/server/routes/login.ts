import type { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { redeemLoginToken } from '../../domain/auth/browserSessions.js';
import type { AppEnv } from '../appEnv.js';
import { hasBrowserSession } from '../browserSession.js';
import { CSRF_COOKIE, SESSION_COOKIE } from '../sessionCookies.js';
import { sendSignInPage, signInPage, usedLinkPage } from '../signInPages.js';

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
    if (!session) {
      // A browser that is already signed in has nothing to fix: an old link (from history, a
      // bookmark, a second click) simply opens the app.
      if (hasBrowserSession(c)) return c.redirect('/', 302);
      return token
        ? sendSignInPage(c, usedLinkPage(), 403)
        : sendSignInPage(c, signInPage(new URL(c.req.url).origin), 200);
    }
    const common = { path: '/', sameSite: 'Strict', maxAge: session.maxAgeSeconds } as const;
    setCookie(c, SESSION_COOKIE, session.session, { ...common, httpOnly: true });
    setCookie(c, CSRF_COOKIE, session.csrfToken, common);
    return c.redirect('/', 302);
  });
}
