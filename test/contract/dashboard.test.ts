import { beforeAll, describe, expect, it } from 'vitest';
import { fetchDashboard } from '../../renderer/src/api/dashboard.js';
import { projectDashboardSchema } from '../../shared/api/dashboard.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { call, createProject, createTask, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * GET /api/outpost/projects/{id}/dashboard on a real SQLite database, every annotation written
 * through the API (creates, a skip, an edit, a deletion) by two annotators on known days of the
 * test clock, which starts on Thursday 2026-01-15 at 10:00 UTC.
 */

const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Choices name="sentiment" toName="text"><Choice value="pos"/><Choice value="neg"/><Choice value="neutral"/></Choices>' +
  '<Labels name="entities" toName="text"><Label value="Person"/><Label value="Place"/></Labels></View>';

const choice = (value: string) => ({
  id: `c-${value}`,
  from_name: 'sentiment',
  to_name: 'text',
  type: 'choices',
  value: { choices: [value] },
});
const entity = (id: string, label: string) => ({
  id,
  from_name: 'entities',
  to_name: 'text',
  type: 'labels',
  value: { start: 0, end: 4, text: 'Anna', labels: [label] },
});

const HOUR = 3600;

describe('GET /api/outpost/projects/{id}/dashboard', () => {
  let t: TestApp;
  let project: number;
  let me: { id: number; email: string };
  let ana: number;

  const dashboard = (query = '', id = project) => call(t, 'GET', `/api/outpost/projects/${id}/dashboard${query}`);

  async function annotate(task: number, body: Record<string, unknown>): Promise<number> {
    const { status, body: annotation } = await call(t, 'POST', `/api/tasks/${task}/annotations/`, body);
    expect(status).toBe(201);
    return (annotation as { id: number }).id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    me = (await call(t, 'GET', '/api/current-user/whoami')).body as { id: number; email: string };
    ana = Number(
      t.db
        .prepare(
          `INSERT INTO users (email, first_name, last_name, date_joined, last_activity)
           VALUES ('ana@example.com', 'Ana', 'Lima', 'x', 'x')`,
        )
        .run().lastInsertRowid,
    );
    project = await createProject(t, { title: 'Reviews', label_config: CONFIG });
    const tasks: number[] = [];
    for (let index = 1; index <= 6; index += 1) tasks.push(await createTask(t, project, { text: `review ${index}` }));
    const [t1, t2, t3, t4, t5, t6] = tasks as [number, number, number, number, number, number];

    // Thursday 01-15, 10:00 UTC.
    await annotate(t1, { result: [choice('pos'), entity('e1', 'Person'), entity('e2', 'Person')] });
    await annotate(t2, { result: [choice('neg')], completed_by: ana });
    // Friday 01-16, 10:00: a skip; 23:30 UTC (00:30 on Saturday in Paris): Ana's second.
    t.advanceSeconds(24 * HOUR);
    await annotate(t3, { result: [], was_cancelled: true });
    t.advanceSeconds(13.5 * HOUR);
    await annotate(t4, { result: [choice('pos'), entity('e3', 'Place')], completed_by: ana });
    // Monday 01-19, 10:00: an answer changed after submitting, and one deleted.
    t.advanceSeconds(58.5 * HOUR);
    const changed = await annotate(t5, { result: [choice('neutral')] });
    expect((await call(t, 'PATCH', `/api/annotations/${changed}/`, { result: [choice('neg')] })).status).toBe(200);
    const removed = await annotate(t6, { result: [choice('pos')], completed_by: ana });
    expect((await call(t, 'DELETE', `/api/annotations/${removed}/`)).status).toBe(204);
  });

  it('counts tasks, days, labels and annotators from the start of the project to today', async () => {
    const { status, body } = await dashboard();
    expect(status).toBe(200);
    // Strictly the shared wire shape, and the same through the renderer's checked client.
    const parsed = projectDashboardSchema.parse(body);
    expect(await fetchDashboard(rendererClient(t), project, { bucket: 'day', timezone: 'UTC' })).toEqual(parsed);
    expect(body).toEqual({
      project,
      from: '2026-01-15',
      to: '2026-01-19',
      bucket: 'day',
      timezone: 'UTC',
      totals: { tasks: 6, completed: 4, skipped: 1, remaining: 1 },
      period: { submitted: 4, skipped: 1 },
      series: [
        { date: '2026-01-15', submitted: 2, skipped: 0 },
        { date: '2026-01-16', submitted: 1, skipped: 1 },
        { date: '2026-01-17', submitted: 0, skipped: 0 },
        { date: '2026-01-18', submitted: 0, skipped: 0 },
        { date: '2026-01-19', submitted: 1, skipped: 0 },
      ],
      labels: [
        {
          from_name: 'sentiment',
          type: 'Choices',
          counts: [
            { label: 'neg', count: 2 },
            { label: 'pos', count: 2 },
            { label: 'neutral', count: 0 },
          ],
        },
        {
          from_name: 'entities',
          type: 'Labels',
          counts: [
            { label: 'Person', count: 2 },
            { label: 'Place', count: 1 },
          ],
        },
      ],
      annotators: [
        { user: { id: me.id, email: me.email, first_name: '', last_name: '' }, submitted: 2, skipped: 1 },
        { user: { id: ana, email: 'ana@example.com', first_name: 'Ana', last_name: 'Lima' }, submitted: 2, skipped: 0 },
      ],
    });
  });

  it('cuts days in the viewer time zone', async () => {
    const { body } = await dashboard('?from=2026-01-16&to=2026-01-17&timezone=Europe/Paris');
    expect(body.timezone).toBe('Europe/Paris');
    expect(body.series).toEqual([
      { date: '2026-01-16', submitted: 0, skipped: 1 },
      { date: '2026-01-17', submitted: 1, skipped: 0 },
    ]);
  });

  it('sums Monday-to-Sunday weeks, named by their Monday', async () => {
    const { body } = await dashboard('?bucket=week&from=2026-01-15&to=2026-01-19');
    expect(body.series).toEqual([
      { date: '2026-01-12', submitted: 3, skipped: 1 },
      { date: '2026-01-19', submitted: 1, skipped: 0 },
    ]);
  });

  it('limits labels, annotators and the period to the range, but not the task totals', async () => {
    const { body } = await dashboard('?from=2026-01-16&to=2026-01-16');
    expect(body.series).toEqual([{ date: '2026-01-16', submitted: 1, skipped: 1 }]);
    expect(body.period).toEqual({ submitted: 1, skipped: 1 });
    expect(body.totals).toEqual({ tasks: 6, completed: 4, skipped: 1, remaining: 1 });
    expect(body.labels.map((control: { counts: unknown }) => control.counts)).toEqual([
      [
        { label: 'pos', count: 1 },
        { label: 'neg', count: 0 },
        { label: 'neutral', count: 0 },
      ],
      [
        { label: 'Place', count: 1 },
        { label: 'Person', count: 0 },
      ],
    ]);
    expect(body.annotators.map((row: { user: { id: number }; submitted: number; skipped: number }) => row)).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: ana }), submitted: 1, skipped: 0 }),
      expect.objectContaining({ user: expect.objectContaining({ id: me.id }), submitted: 0, skipped: 1 }),
    ]);
  });

  it('shows an empty project as one empty day, with its labels at zero', async () => {
    const empty = await createProject(t, { title: 'Nothing yet', label_config: CONFIG });
    await createTask(t, empty);
    const { body } = await dashboard('', empty);
    expect(body).toMatchObject({
      from: '2026-01-19',
      to: '2026-01-19',
      totals: { tasks: 1, completed: 0, skipped: 0, remaining: 1 },
      period: { submitted: 0, skipped: 0 },
      series: [{ date: '2026-01-19', submitted: 0, skipped: 0 }],
      annotators: [],
    });
    expect(body.labels[0].counts).toEqual([
      { label: 'pos', count: 0 },
      { label: 'neg', count: 0 },
      { label: 'neutral', count: 0 },
    ]);
  });

  it('answers an unknown project with the 404 envelope', async () => {
    await expectEnvelope((await dashboard('', 999_999)).response, 404, 'No Project matches the given query.');
  });

  it('refuses bad parameters with the 400 envelope and DRF-style messages', async () => {
    const badDate = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
    const cases: [string, Record<string, string[]>][] = [
      ['?from=2026-02-30', { from: [badDate] }],
      ['?to=yesterday', { to: [badDate] }],
      ['?bucket=month', { bucket: ['"month" is not a valid choice.'] }],
      ['?timezone=Mars/Olympus', { timezone: ['"Mars/Olympus" is not a valid time zone.'] }],
      ['?from=2026-01-19&to=2026-01-15', { to: ['Ensure this date is not before from.'] }],
      ['?from=2000-01-01&to=2026-01-01', { non_field_errors: ['Ensure the range holds at most 3660 days.'] }],
    ];
    for (const [query, errors] of cases) {
      await expectEnvelope((await dashboard(query)).response, 400, 'Validation error', errors);
    }
  });

  it('takes empty parameters as absent, answers other methods with 405 and needs a token', async () => {
    expect((await dashboard('?from=&to=&bucket=&timezone=')).body.from).toBe('2026-01-15');
    await expectEnvelope(
      (await call(t, 'POST', `/api/outpost/projects/${project}/dashboard`, {})).response,
      405,
      'Method "POST" not allowed.',
    );
    expect((await t.request(`/api/outpost/projects/${project}/dashboard`)).status).toBe(401);
  });
});
