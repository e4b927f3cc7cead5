import { describe, expect, it } from 'vitest';
import { createLoginToken } from '../../electron/core/domain/auth/browserSessions.js';
import { ApiError, createApiClient, type ApiAuth } from '../../renderer/src/api/client.js';
import { errorMessageFromBody } from '../../renderer/src/api/errorMessage.js';
import { fetchConflicts } from '../../renderer/src/api/conflicts.js';
import { copyTitle, createProject, duplicateProject, listProjects } from '../../renderer/src/api/projects.js';
import { progressParts } from '../../renderer/src/features/projects/progressParts.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

/** The renderer's client over the real app, as a signed-in browser would send it (cookies included). */
async function sessionClient(t: TestApp, csrf: (real: string) => string | null = (real) => real) {
  const login = await t.request(`/login?token=${createLoginToken(t.ctx, t.userId)}`);
  const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const csrfToken = cookies.find((cookie) => cookie.startsWith('outpost_csrf='))!.split('=')[1]!;
  const sent: Headers[] = [];
  const auth: ApiAuth = { kind: 'session', readCsrfToken: () => csrf(csrfToken) };
  const client = createApiClient({
    baseUrl: 'http://localhost',
    auth,
    fetch: async (input, init) => {
      const headers = new Headers(init.headers);
      sent.push(headers);
      headers.set('Cookie', cookies.join('; '));
      return t.app.request(input, { ...init, headers });
    },
  });
  return { client, sent, csrfToken };
}

function tokenClient(t: TestApp) {
  return createApiClient({
    baseUrl: 'http://localhost/',
    auth: { kind: 'token', token: TEST_TOKEN },
    fetch: async (input, init) => t.app.request(input, init),
  });
}

describe('renderer API client against the real server', () => {
  it('sends the CSRF cookie value as X-CSRFToken on writes only, so session writes pass', async () => {
    const t = await createTestApp();
    const { client, sent, csrfToken } = await sessionClient(t);
    const created = await createProject(client, { title: 'Via session', description: '', color: '#2F6FDE' });
    expect(created.title).toBe('Via session');
    expect(sent[0]!.get('X-CSRFToken')).toBe(csrfToken);
    expect(sent[0]!.get('Authorization')).toBeNull();
    const page = await listProjects(client, { page: 1, ordering: 'newest' });
    expect(page.results.map((project) => project.title)).toEqual(['Via session']);
    expect(sent[1]!.get('X-CSRFToken')).toBeNull();
  });

  it('turns the CSRF refusal into an ApiError with the server detail', async () => {
    const t = await createTestApp();
    const { client } = await sessionClient(t, () => null);
    const failure = await createProject(client, { title: 'No CSRF', description: '', color: '#FFFFFF' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: 'CSRF Failed: CSRF token missing.' });
  });

  it('sends the Electron token as Authorization: Token and reads field errors from the envelope', async () => {
    const t = await createTestApp();
    const client = tokenClient(t);
    const failure = await createProject(client, { title: 'ab', description: '', color: '#FFFFFF' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).message).toBe('Title: Ensure this field has at least 3 characters.');
    const unauthenticated = createApiClient({
      baseUrl: 'http://localhost',
      auth: { kind: 'token', token: 'f'.repeat(40) },
      fetch: async (input, init) => t.app.request(input, init),
    });
    await expect(listProjects(unauthenticated, { page: 1, ordering: 'newest' })).rejects.toMatchObject({ status: 401 });
  });

  it('reports an unreachable server as status 0', async () => {
    const client = createApiClient({
      baseUrl: 'http://localhost',
      auth: { kind: 'token', token: TEST_TOKEN },
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(client.get('/api/version')).rejects.toMatchObject({
      status: 0,
      message: 'The local server could not be reached.',
    });
  });

  it('fails an answer not in the shared wire shape like a refused request, naming the field', async () => {
    const renamed = { id: 1, project: 2, task: 3, kind: 'edited_on_both_sides', created: '2026-01-01' };
    const client = createApiClient({
      baseUrl: 'http://localhost',
      auth: { kind: 'token', token: TEST_TOKEN },
      fetch: async () => Response.json([renamed]),
    });
    const failure = await fetchConflicts(client, 2, false).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, body: [renamed] });
    expect((failure as ApiError).message).toMatch(
      /^The server's answer was not in the form this app expects: 0\.created_at: .+; 0\.resolved_at: .+; 0\.resolution: .+ \(and \d+ more\)\.$/,
    );
  });

  it('duplicates a project: its settings under a "(copy)" title, no tasks', async () => {
    const t = await createTestApp();
    const client = tokenClient(t);
    const config =
      '<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="a"/></Choices></View>';
    const original = await createProject(client, {
      title: 'Original',
      description: 'desc',
      color: '#D93D5A',
      label_config: config,
      expert_instruction: '<b>careful</b>',
      show_instruction: true,
      maximum_annotations: 3,
      sampling: 'Uniform sampling',
      skip_queue: 'IGNORE_SKIPPED',
    });
    const copy = await duplicateProject(client, original.id);
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      title: 'Original (copy)',
      description: 'desc',
      color: '#D93D5A',
      label_config: config,
      expert_instruction: '<b>careful</b>',
      show_instruction: true,
      maximum_annotations: 3,
      sampling: 'Uniform sampling',
      skip_queue: 'IGNORE_SKIPPED',
    });
  });

  it('pages past 100 projects with next, and filters by title', async () => {
    const t = await createTestApp();
    const client = tokenClient(t);
    for (let index = 0; index < 101; index++) {
      await createProject(client, { title: `Project ${index}`, description: '', color: '#FFFFFF' });
    }
    const first = await listProjects(client, { page: 1, ordering: 'title' });
    expect(first).toMatchObject({ count: 101, previous: null });
    expect(first.results).toHaveLength(100);
    expect(first.next).not.toBeNull();
    const second = await listProjects(client, { page: 2, ordering: 'title' });
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    const filtered = await listProjects(client, { page: 1, ordering: 'newest', title: ' project 10 ' });
    expect(filtered.results.map((project) => project.title)).toEqual(['Project 100', 'Project 10']);
    expect(Object.keys(filtered.results[0]!).sort()).toEqual(
      [
        'color',
        'created_at',
        'description',
        'finished_task_number',
        'id',
        'skipped_annotations_number',
        'task_number',
        'title',
        'total_annotations_number',
      ].sort(),
    );
  });
});

describe('renderer API helpers', () => {
  it('makes readable messages from envelopes and bare DRF bodies', () => {
    const envelope = (extra: object) => ({
      id: 'x',
      status_code: 400,
      version: '1',
      detail: 'Validation error',
      exc_info: null,
      ...extra,
    });
    expect(errorMessageFromBody(400, envelope({}))).toBe('Validation error');
    expect(
      errorMessageFromBody(
        400,
        envelope({ validation_errors: { label_config: ['Bad XML'], non_field_errors: ['Nope'] } }),
      ),
    ).toBe('Label config: Bad XML Nope');
    expect(errorMessageFromBody(404, { detail: 'Not found.' })).toBe('Not found.');
    expect(errorMessageFromBody(400, { title: ['Too short'] })).toBe('title: Too short');
    expect(errorMessageFromBody(502, 'Bad gateway')).toBe('The server answered with status 502.');
  });

  it('keeps copy titles within 50 characters', () => {
    expect(copyTitle('Birds')).toBe('Birds (copy)');
    expect(copyTitle(null)).toBe('Untitled (copy)');
    const long = copyTitle('x'.repeat(50));
    expect(long).toHaveLength(50);
    expect(long.endsWith(' (copy)')).toBe(true);
  });

  it('splits tasks into done, skipped and remaining without going negative', () => {
    const base = { id: 1, title: 't', description: '', color: '#FFFFFF', created_at: '', total_annotations_number: 0 };
    expect(progressParts({ ...base, task_number: 10, finished_task_number: 4, skipped_annotations_number: 2 })).toEqual(
      { total: 10, done: 4, skipped: 2, remaining: 4 },
    );
    expect(progressParts({ ...base, task_number: 3, finished_task_number: 2, skipped_annotations_number: 5 })).toEqual({
      total: 3,
      done: 2,
      skipped: 1,
      remaining: 0,
    });
    expect(
      progressParts({ ...base, task_number: null, finished_task_number: null, skipped_annotations_number: null }),
    ).toEqual({ total: 0, done: 0, skipped: 0, remaining: 0 });
  });
});
