/** The browser UI's cookies: the HttpOnly session and the script-readable CSRF token it echoes. */
export const SESSION_COOKIE = 'outpost_session';
export const CSRF_COOKIE = 'outpost_csrf';
