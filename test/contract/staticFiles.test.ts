import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_CONTENT_SECURITY_POLICY } from '../../electron/core/server/staticFiles.js';
import { createTestApp } from '../helpers/testApp.js';

/** A stand-in for the built renderer: its shell and one asset. */
function rendererFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-static-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1);');
  return dir;
}

describe('the renderer’s files', () => {
  it('answers a path with a broken percent escape with 404, never 500', async () => {
    const t = await createTestApp({ rendererDir: rendererFolder(), appMode: 'electron' });
    for (const path of ['/%E0%A4%A', '/assets/%zz', '/%', '/assets/app%2.js', '/%C3%28']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
    }
  });

  it('still serves escaped names of its own files, and nothing outside its folder', async () => {
    const t = await createTestApp({ rendererDir: rendererFolder(), appMode: 'electron' });
    const asset = await t.request('/assets/%61pp.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1);');
    // Climbing out stops at the folder's top: the app's own shell (a client route) or a 404.
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2fetc%2fhosts', '/..%5c..%5cwin.ini']) {
      const response = await t.request(path);
      const body = await response.text();
      expect(response.status === 404 || body === '<!doctype html><div id="root"></div>', `${path}: ${body}`).toBe(true);
      expect(body, path).not.toMatch(/root:|localhost/);
    }
  });

  it('gives client routes the shell with its CSP, assets as they are (by range too), 404 for a missing file', async () => {
    const t = await createTestApp({ rendererDir: rendererFolder(), appMode: 'electron' });
    for (const path of ['/', '/projects/3/data', '/assets']) {
      const shell = await t.request(path);
      expect(await shell.text(), path).toBe('<!doctype html><div id="root"></div>');
      expect(shell.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(shell.headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
      expect(shell.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await t.request('/assets/app.js');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    const part = await t.request('/assets/app.js', { headers: { Range: 'bytes=0-6' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('console');
    for (const path of ['/assets/missing.js', '/missing.png']) expect((await t.request(path)).status, path).toBe(404);
  });
});
