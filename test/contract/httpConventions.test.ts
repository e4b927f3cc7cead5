import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp } from '../helpers/testApp.js';

describe('HTTP conventions, errors, version and health', () => {
  it('routes with and without a trailing slash, never redirecting', async () => {
    const t = await createTestApp();
    for (const path of ['/api/version', '/api/version/', '/api/current-user/whoami', '/api/current-user/whoami/']) {
      expect((await t.withToken(path)).status).toBe(200);
    }
    for (const path of ['/api/token/refresh', '/api/token/refresh/']) {
      expect((await t.postJson(path, { refresh: t.pat })).status).toBe(200);
    }
  });

  it('accepts JSON, url-encoded form and multipart bodies', async () => {
    const t = await createTestApp();
    const form = await t.request('/api/token/refresh/', {
      method: 'POST',
      body: new URLSearchParams({ refresh: t.pat }),
    });
    expect(form.status).toBe(200);
    const multipart = new FormData();
    multipart.set('refresh', t.pat);
    expect((await t.request('/api/token/refresh/', { method: 'POST', body: multipart })).status).toBe(200);
  });

  it('refuses other media types with 415 and malformed JSON with 400', async () => {
    const t = await createTestApp();
    const plain = await t.request('/api/token/refresh/', {
      method: 'POST',
      body: `refresh=${t.pat}`,
      headers: { 'Content-Type': 'text/plain' },
    });
    await expectEnvelope(plain, 415, 'Unsupported media type "text/plain" in request.');
    const broken = await t.request('/api/token/refresh/', {
      method: 'POST',
      body: '{"refresh": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { detail: string }).detail).toMatch(/^JSON parse error - /);
  });

  it('refuses a body over the configured limit with 413, whether declared or streamed', async () => {
    const t = await createTestApp({ bodyLimitBytes: 1024 });
    const big = JSON.stringify({ refresh: 'x'.repeat(2000) });
    await expectEnvelope(
      await t.postJson('/api/token/refresh/', JSON.parse(big)),
      413,
      'Request body is too large: the limit is 1024 bytes.',
    );
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(200)));
        controller.close();
      },
    });
    const streamed = await t.request('/api/token/refresh/', {
      method: 'POST',
      body: chunks,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await t.postJson('/api/token/refresh/', { refresh: t.pat })).status).toBe(200);
  });

  it('refuses an over-long declared length before reading, and a form of any kind, with the 413 envelope', async () => {
    const t = await createTestApp({ bodyLimitBytes: 1024 });
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls > 3) controller.close();
        else controller.enqueue(new TextEncoder().encode('x'.repeat(100)));
      },
    });
    const declared = await t.withToken('/api/projects/', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'Content-Length': '4096' },
      duplex: 'half',
    } as RequestInit);
    await expectEnvelope(declared, 413, 'Request body is too large: the limit is 1024 bytes.');
    expect(pulls).toBeLessThanOrEqual(1);
    const multipart = new FormData();
    multipart.set('title', 'x'.repeat(2000));
    const urlEncoded = new URLSearchParams({ title: 'x'.repeat(2000) });
    for (const form of [multipart, urlEncoded]) {
      await expectEnvelope(
        await t.withToken('/api/projects/', { method: 'POST', body: form }),
        413,
        'Request body is too large: the limit is 1024 bytes.',
      );
    }
  });

  it('answers unknown /api paths with a 404 and wrong methods with 405', async () => {
    const t = await createTestApp();
    const unknown = await t.withToken('/api/no-such-thing/');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    await expectEnvelope(await t.withToken('/api/version', { method: 'PUT' }), 405, 'Method "PUT" not allowed.');
    await expectEnvelope(
      await t.withToken('/api/current-user/whoami/', { method: 'DELETE' }),
      405,
      'Method "DELETE" not allowed.',
    );
  });

  it('serves /health and /api/version without a token, in Label Studio shape', async () => {
    const t = await createTestApp();
    const health = await t.request('/health');
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('{"status": "UP"}');
    expect(health.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const version = (await (await t.request('/api/version')).json()) as Record<string, unknown>;
    expect(version).toMatchObject({
      release: '1.22.0',
      edition: 'Community',
      'label-studio-os-package': { version: '1.22.0', short_version: '1.22', current_version_is_outdated: false },
      'label-studio-converter': { version: '2.0.16' },
      outpost: { name: 'Outpost', version: '0.0.0-test' },
    });
    expect(version['label-studio-os-backend']).toEqual(
      expect.objectContaining({ message: expect.any(String), commit: expect.any(String), version: expect.any(String) }),
    );
  });
});
