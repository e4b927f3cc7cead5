import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from './appEnv.js';

/**
 * The two pages a browser sees before it is signed in (browser mode only): the app's address
 * opened without the one-time LOGIN link, and a LOGIN link that was already used or has expired.
 * Plain HTML with one inline style sheet, light and dark by `prefers-color-scheme` (the app's own
 * theme setting lives in the app, which is not loaded yet), and no script at all.
 */

const STYLE = `
:root { color-scheme: light dark; --bg: #f5f6f8; --surface: #fff; --border: #d9dde3; --text: #1b1f24;
  --muted: #5b6470; --accent: #2563c9; --code-bg: #eef0f3; --warn: #8a5d00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171c; --surface: #1c2027; --border: #2e343e; --text: #e6e9ee; --muted: #9aa3af;
    --accent: #79a8f5; --code-bg: #111418; --warn: #e6b33a; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
  background: var(--bg); color: var(--text); line-height: 1.5;
  font: 1rem/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
main { width: min(36rem, 100%); padding: 2rem; border: 1px solid var(--border); border-radius: 12px;
  background: var(--surface); box-shadow: 0 12px 32px rgb(16 24 40 / 12%); }
.brand { display: flex; align-items: center; gap: 0.5rem; margin-bottom: 1.5rem; font-weight: 650; font-size: 1.125rem; }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; line-height: 1.25; }
p, ol { margin: 0 0 1rem; }
main > :last-child { margin-bottom: 0; }
ol { padding-left: 1.25rem; }
li + li { margin-top: 0.5rem; }
.muted { color: var(--muted); font-size: 0.875rem; margin-bottom: 0; }
code, kbd { padding: 0.1em 0.35em; border-radius: 4px; background: var(--code-bg);
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace; font-size: 0.875em;
  overflow-wrap: anywhere; }
.note { padding-left: 0.75rem; border-left: 4px solid var(--warn); }
`;

/** Only this exact sheet may apply: no other style, no script, nothing loaded but the icon. */
export const SIGN_IN_CONTENT_SECURITY_POLICY =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const MARK =
  '<svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#2f6fde"/>' +
  '<path d="M9 23 16 8l7 15h-4l-3-7-3 7z" fill="#fff"/></svg>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · Outpost</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand">${MARK}<span>Outpost</span></div>
${body}
</main>
</body>
</html>`;
}

/**
 * How to get a new link. A second `npm start` on the same data folder asks the running Outpost
 * for one and leaves it running; an Outpost started with `serve` answers it too.
 */
const NEW_LINK = `<p>To get a new link, run <code>npm start</code> (or <code>outpost start</code>) again in another
terminal: Outpost keeps running, and the new command prints a new <code>LOGIN:</code> line for it and opens it in
your browser. Or stop Outpost (<kbd>Ctrl</kbd>+<kbd>C</kbd> in its terminal) and start it again with
<code>npm start</code> or <code>outpost serve</code>, which prints a new <code>LOGIN:</code> line as it starts.</p>`;

/** `origin` is the server's own address, to show what the link looks like. */
export function signInPage(origin: string): string {
  return page(
    'Sign in',
    `<h1>Sign in to Outpost</h1>
<p>This browser is not signed in to this Outpost yet. Outpost signs a browser in with a one-time link, so that
nothing else that can reach this address can use your projects.</p>
<ol>
<li>Find the terminal where Outpost is running. When it started, it printed a line like
<code>LOGIN: ${escapeHtml(origin)}/login?token=…</code></li>
<li>Open that link in this browser. It signs this browser in and opens your projects.</li>
</ol>
<p class="note">Each link works once, within an hour of being printed.</p>
${NEW_LINK}
<p class="muted">Scripts and the Label Studio SDK do not need this: they send the <code>TOKEN</code> or <code>PAT</code>
that Outpost printed (<code>outpost token</code> prints them again).</p>`,
  );
}

export function usedLinkPage(): string {
  return page(
    'Sign-in link used',
    `<h1>This sign-in link cannot be used again</h1>
<p>This link has expired or was already used. Each <code>LOGIN:</code> link signs in one browser, once, within an
hour of being printed, so that a link seen by someone else is of no use to them.</p>
<p>If you signed in with it in another browser, carry on there.</p>
${NEW_LINK}`,
  );
}

/** A server-rendered sign-in page: never cached, under its own strict CSP. */
export function sendSignInPage(c: Context<AppEnv>, html: string, status: 200 | 403): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', SIGN_IN_CONTENT_SECURITY_POLICY);
  return c.html(html, status);
}
