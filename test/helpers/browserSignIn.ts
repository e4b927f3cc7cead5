import { createLoginToken } from '../../electron/core/domain/auth/browserSessions.js';
import type { TestApp } from './testApp.js';

/** Opens a login link and returns the cookies the browser would keep, and the Cookie header it would send. */
export async function signIn(t: TestApp) {
  const response = await t.request(`/login?token=${createLoginToken(t.ctx, t.userId)}`);
  const cookies = response.headers.getSetCookie();
  const value = (name: string) =>
    cookies
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.split(';')[0]!
      .split('=')[1];
  const session = value('outpost_session')!;
  const csrf = value('outpost_csrf')!;
  return { response, cookies, session, csrf, cookie: `outpost_session=${session}; outpost_csrf=${csrf}` };
}
