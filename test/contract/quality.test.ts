import { beforeAll, describe, expect, it } from 'vitest';
import { fetchQuality, fetchQualityFile } from '../../renderer/src/api/quality.js';
import { projectQualitySchema } from '../../shared/api/quality.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { call, createProject, createTask, insertOtherUser, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * GET /api/outpost/projects/{id}/quality on a real SQLite database, every annotation written
 * through the API. One Choices question, so each pair of annotations scores 1 (same answer) or 0,
 * and every expected figure below is worked out by hand in the comments.
 */

const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Choices name="sentiment" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

const choice = (value: string) => [
  { from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: [value] } },
];

describe('GET /api/outpost/projects/{id}/quality', () => {
  let t: TestApp;
  let project: number;
  let pair: number;
  let me: number;
  let ana: number;
  let bo: number;
  let tasks: number[];

  const quality = (query = '', id = project) => call(t, 'GET', `/api/outpost/projects/${id}/quality${query}`);

  async function annotate(task: number, body: Record<string, unknown>): Promise<void> {
    const { status, body: answer } = await call(t, 'POST', `/api/tasks/${task}/annotations/`, body);
    expect(status, JSON.stringify(answer)).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    me = ((await call(t, 'GET', '/api/current-user/whoami')).body as { id: number }).id;
    ana = insertOtherUser(t, 'ana@example.com');
    t.db.prepare("UPDATE users SET first_name = 'Ana', last_name = 'Lima' WHERE id = ?").run(ana);
    bo = insertOtherUser(t, 'bo@example.com');

    // Three annotators on six tasks.
    project = await createProject(t, { title: 'Three', label_config: CONFIG });
    tasks = [];
    for (let index = 1; index <= 6; index++) tasks.push(await createTask(t, project, { text: `review ${index}` }));
    const [t1, t2, t3, t4, t5, t6] = tasks as [number, number, number, number, number, number];
    // t1: all say pos, task 1. t2: me pos, Ana neg, task 0. t3: me and Ana neg, Bo pos, task 1/3.
    for (const [who, value] of [
      [me, 'pos'],
      [ana, 'pos'],
      [bo, 'pos'],
    ] as const) {
      await annotate(t1, { result: choice(value), completed_by: who });
    }
    await annotate(t2, { result: choice('pos'), completed_by: me });
    await annotate(t2, { result: choice('neg'), completed_by: ana });
    for (const [who, value] of [
      [me, 'neg'],
      [ana, 'neg'],
      [bo, 'pos'],
    ] as const) {
      await annotate(t3, { result: choice(value), completed_by: who });
    }
    // t4: me alone. t5: Ana skipped, Bo alone. Neither has an agreement.
    await annotate(t4, { result: choice('pos'), completed_by: me });
    await annotate(t5, { result: [], was_cancelled: true, completed_by: ana });
    await annotate(t5, { result: choice('neg'), completed_by: bo });
    // t6: my answer is the ground truth; Ana matches it, Bo does not. Task 1/3.
    await annotate(t6, { result: choice('pos'), completed_by: me, ground_truth: true });
    await annotate(t6, { result: choice('pos'), completed_by: ana });
    await annotate(t6, { result: choice('neg'), completed_by: bo });

    // Two annotators on four tasks, for Cohen's kappa.
    pair = await createProject(t, { title: 'Two', label_config: CONFIG });
    const answers = [
      ['pos', 'pos'],
      ['neg', 'neg'],
      ['pos', 'neg'],
      ['neg', 'neg'],
    ];
    for (const [mine, hers] of answers) {
      const task = await createTask(t, pair, { text: 'x' });
      await annotate(task, { result: choice(mine!), completed_by: me });
      await annotate(task, { result: choice(hers!), completed_by: ana });
    }
  });

  it('answers the agreement of three annotators, worked out by hand', async () => {
    const { status, body } = await quality();
    expect(status).toBe(200);
    const parsed = projectQualitySchema.parse(body);
    expect(await fetchQuality(rendererClient(t), project)).toEqual(parsed);
    const [t1, t2, t3, t4, t5, t6] = tasks;
    // Tasks t1, t2, t3, t6 have an agreement: (1 + 0 + 1/3 + 1/3) / 4.
    expect(parsed.agreement).toBeCloseTo(5 / 12, 12);
    expect(parsed.tasks_with_agreement).toBe(4);
    expect(
      parsed.tasks.map(({ agreement, ...rest }) => ({ ...rest, agreement: agreement?.toFixed(6) ?? null })),
    ).toEqual([
      { id: t1, annotators: 3, pairs: 3, agreement: '1.000000' },
      { id: t2, annotators: 2, pairs: 1, agreement: '0.000000' },
      { id: t3, annotators: 3, pairs: 3, agreement: (1 / 3).toFixed(6) },
      { id: t4, annotators: 1, pairs: 0, agreement: null },
      { id: t5, annotators: 1, pairs: 0, agreement: null },
      { id: t6, annotators: 3, pairs: 3, agreement: (1 / 3).toFixed(6) },
    ]);
    // me-Ana: t1 1, t2 0, t3 1, t6 1 = 3/4 over 4; me-Bo and Ana-Bo: t1 1, t3 0, t6 0 = 1/3 over 3.
    expect(parsed.matrix.annotators).toEqual([me, ana, bo]);
    expect(parsed.matrix.tasks).toEqual([
      [0, 4, 3],
      [4, 0, 3],
      [3, 3, 0],
    ]);
    const rounded = parsed.matrix.scores.map((row) => row.map((score) => score?.toFixed(6) ?? null));
    const third = (1 / 3).toFixed(6);
    expect(rounded).toEqual([
      ['1.000000', '0.750000', third],
      ['0.750000', '1.000000', third],
      [third, third, '1.000000'],
    ]);
    // Agreement with others, per (task, other) pair: me (3 + 1) / 7, Ana (3 + 1) / 7, Bo (1 + 1) / 6.
    // Accuracy on t6 against my ground truth: Ana 1, Bo 0; mine is the truth itself.
    const [mine, hers, his] = parsed.annotators;
    expect(mine).toMatchObject({ id: me, tasks: 5, accuracy: null, accuracy_annotations: 0 });
    expect(mine!.agreement).toBeCloseTo(4 / 7, 12);
    expect(hers).toEqual({
      id: ana,
      user: { id: ana, email: 'ana@example.com', first_name: 'Ana', last_name: 'Lima' },
      tasks: 4,
      agreement: hers!.agreement,
      accuracy: 1,
      accuracy_annotations: 1,
    });
    expect(hers!.agreement).toBeCloseTo(4 / 7, 12);
    expect(his).toMatchObject({ id: bo, tasks: 4, accuracy: 0, accuracy_annotations: 1 });
    expect(his!.agreement).toBeCloseTo(1 / 3, 12);
  });

  it('gives chance-corrected statistics per classification control', async () => {
    const [control] = projectQualitySchema.parse((await quality()).body).controls;
    // Rows rated twice or more: t1 ppp, t2 pn-, t3 nnp, t6 ppn. Fleiss over the complete rows t1,
    // t3, t6: observed (1 + 1/3 + 1/3) / 3 = 5/9, expected (6/9)² + (3/9)² = 5/9, so 0.
    // Krippendorff: coincidences pp 4, nn 1, pn = np 3; 1 - 10 × 6 / (2 × 7 × 4) = -1/14.
    expect(control).toMatchObject({ from_name: 'sentiment', type: 'Choices', level: 'nominal' });
    expect(control).toMatchObject({ annotators: 3, items: 4, cohen_kappa: null });
    expect(control!.fleiss_kappa).toBeCloseTo(0, 12);
    expect(control!.krippendorff_alpha).toBeCloseTo(-1 / 14, 12);

    // Two annotators: observed 3/4, expected 1/2 × 1/4 + 1/2 × 3/4 = 1/2, so kappa (3/4 - 1/2) / (1/2).
    const two = projectQualitySchema.parse((await quality('', pair)).body);
    expect(two.controls[0]).toMatchObject({ annotators: 2, items: 4 });
    expect(two.controls[0]!.cohen_kappa).toBeCloseTo(0.5, 12);
    expect(two.agreement).toBeCloseTo(3 / 4, 12);
  });

  it('downloads the per-task, per-annotator and per-pair tables as CSV', async () => {
    const csv = async (query: string) => {
      const response = await t.withToken(`/api/outpost/projects/${project}/quality${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      return { response, text: await response.text() };
    };
    const [t1, t2, t3, t4, t5, t6] = tasks;
    const third = String(1 / 3);
    const byTask = await csv('?format=csv');
    expect(byTask.response.headers.get('content-disposition')).toBe(
      `attachment; filename="project-${project}-agreement-tasks.csv"`,
    );
    expect(byTask.text).toBe(
      'task_id,annotators,pairs,agreement\r\n' +
        `${t1},3,3,1\r\n${t2},2,1,0\r\n${t3},3,3,${third}\r\n${t4},1,0,\r\n${t5},1,0,\r\n${t6},3,3,${third}\r\n`,
    );
    const byPair = await csv('?format=csv&table=pairs');
    expect(byPair.response.headers.get('content-disposition')).toBe(
      `attachment; filename="project-${project}-agreement-pairs.csv"`,
    );
    const email = (await call(t, 'GET', '/api/current-user/whoami')).body.email as string;
    expect(byPair.text).toBe(
      'annotator_id,annotator_email,other_id,other_email,shared_tasks,agreement\r\n' +
        `${me},${email},${ana},ana@example.com,4,0.75\r\n` +
        `${me},${email},${bo},bo@example.com,3,${third}\r\n` +
        `${ana},ana@example.com,${bo},bo@example.com,3,${third}\r\n`,
    );
    const byAnnotator = (await csv('?format=csv&table=annotators')).text.split('\r\n');
    expect(byAnnotator[0]).toBe('annotator_id,email,name,tasks,agreement,accuracy,accuracy_annotations');
    expect(byAnnotator[2]).toBe(`${ana},ana@example.com,Ana Lima,4,${String(4 / 7)},1,1`);
    expect(byAnnotator[3]).toBe(`${bo},bo@example.com,,4,${third},0,1`);
  });

  it("gives the renderer's client the same files, as the desktop app downloads them with its token", async () => {
    const client = rendererClient(t);
    const pairs = await fetchQualityFile(client, project, 'pairs');
    expect(pairs.type).toBe('text/csv;charset=utf-8');
    const direct = await t.withToken(`/api/outpost/projects/${project}/quality?format=csv&table=pairs`);
    expect(await pairs.text()).toBe(await direct.text());
    const report = await fetchQualityFile(client, project, 'json');
    expect(JSON.parse(await report.text())).toEqual((await quality()).body);
    await expect(fetchQualityFile(client, 999_999, 'tasks')).rejects.toThrow('No Project matches the given query.');
  });

  it('answers an empty report for a project nobody annotated', async () => {
    const empty = await createProject(t, { label_config: CONFIG });
    await createTask(t, empty, { text: 'alone' });
    expect((await quality('', empty)).body).toEqual({
      project: empty,
      agreement: null,
      tasks_with_agreement: 0,
      annotators: [],
      matrix: { annotators: [], scores: [], tasks: [] },
      controls: [
        {
          from_name: 'sentiment',
          type: 'Choices',
          level: 'nominal',
          annotators: 0,
          items: 0,
          cohen_kappa: null,
          fleiss_kappa: null,
          krippendorff_alpha: null,
        },
      ],
      tasks: [],
    });
  });

  it("refuses an unknown project and bad parameters with Label Studio's envelope", async () => {
    await expectEnvelope((await quality('', 999_999)).response, 404, 'No Project matches the given query.');
    await expectEnvelope((await quality('?format=xml')).response, 400, 'Validation error', {
      format: ['"xml" is not a valid choice.'],
    });
    await expectEnvelope((await quality('?format=csv&table=people')).response, 400, 'Validation error', {
      table: ['"people" is not a valid choice.'],
    });
    await expectEnvelope(
      (await call(t, 'POST', `/api/outpost/projects/${project}/quality`, {})).response,
      405,
      'Method "POST" not allowed.',
    );
  });
});
