import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

const text = '<Text name="text" value="$text"/>';
const sentiment = (...values: string[]) =>
  `<View>${text}<Choices name="sentiment" toName="text">${values.map((v) => `<Choice value="${v}"/>`).join('')}</Choices></View>`;

/** Rows written with SQL so these tests depend on the validation code only, not on other endpoints. */
function insertProject(t: TestApp, labelConfig: string): number {
  const now = '2026-01-15T10:00:00.000000Z';
  return Number(
    t.db
      .prepare('INSERT INTO projects (label_config, created_at, updated_at, created_by) VALUES (?, ?, ?, ?)')
      .run(labelConfig, now, now, t.userId).lastInsertRowid,
  );
}

function insertTask(t: TestApp, project: number): number {
  const now = '2026-01-15T10:00:00.000000Z';
  const inner = (t.db.prepare('SELECT count(*) AS n FROM tasks WHERE project = ?').get(project) as { n: number }).n + 1;
  return Number(
    t.db
      .prepare('INSERT INTO tasks (project, inner_id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(project, inner, JSON.stringify({ text: 'Example task sentence' }), now, now).lastInsertRowid,
  );
}

const choicesResult = (fromName: string, choice: unknown) =>
  JSON.stringify([{ id: 'r1', from_name: fromName, to_name: 'text', type: 'choices', value: { choices: [choice] } }]);

function insertAnnotation(t: TestApp, project: number, task: number, result: string): void {
  const now = '2026-01-15T10:00:00.000000Z';
  t.db
    .prepare(
      'INSERT INTO annotations (task, project, unique_id, result, completed_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(task, project, crypto.randomUUID(), result, t.userId, now, now);
}

function insertDraft(t: TestApp, project: number, task: number, result: string): void {
  const now = '2026-01-15T10:00:00.000000Z';
  t.db
    .prepare('INSERT INTO drafts (task, project, user, result, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(task, project, t.userId, result, now, now);
}

describe('POST /api/projects/validate/', () => {
  it('answers 204 with no body for a valid config, without credentials', async () => {
    const t = await createTestApp();
    const response = await t.postJson('/api/projects/validate/', { label_config: sentiment('pos', 'neg') });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await t.postJson('/api/projects/validate', { label_config: ` ${sentiment('a')}\n` })).status).toBe(204);
  });

  it("gives the plain DRF body, not the envelope, with Label Studio's message", async () => {
    const t = await createTestApp();
    const config = `<View>${text}<Choices name="label" toName="img"><Choice value="a"/></Choices></View>`;
    const response = await t.postJson('/api/projects/validate/', { label_config: config });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ label_config: ["toName=\"img\" not found in names: ['label', 'text']"] });
  });

  it('uses DRF CharField messages for a missing, null or blank config', async () => {
    const t = await createTestApp();
    const cases: [unknown, string][] = [
      [{}, 'This field is required.'],
      [{ label_config: null }, 'This field may not be null.'],
      [{ label_config: '' }, 'This field may not be blank.'],
      [{ label_config: '   ' }, 'This field may not be blank.'],
    ];
    for (const [body, message] of cases) {
      const response = await t.postJson('/api/projects/validate/', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ label_config: [message] });
    }
  });

  it('accepts form bodies and reports XML errors with line and column', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/projects/validate/', {
      method: 'POST',
      body: new URLSearchParams({ label_config: '<View>\n<Text name="t" value="$t">\n</View>' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ label_config: ['mismatched tag: line 3, column 2'] });
  });

  it('refuses hostile configs with a 400, never a crash: entity bomb, 100k nested tags', async () => {
    const t = await createTestApp();
    const bomb = '<!DOCTYPE View [<!ENTITY a "a"><!ENTITY b "&a;&a;">]><View><Header value="&b;"/></View>';
    const bombResponse = await t.postJson('/api/projects/validate/', { label_config: bomb });
    expect(await bombResponse.json()).toEqual({
      label_config: ["DTDForbidden(name='View', system_id=None, public_id=None)"],
    });
    const deep = `${'<View>'.repeat(100_000)}${'</View>'.repeat(100_000)}`;
    const deepResponse = await t.postJson('/api/projects/validate/', { label_config: deep });
    expect(deepResponse.status).toBe(400);
    expect(await deepResponse.json()).toEqual({
      label_config: ['elements nested deeper than 1000 levels: line 1, column 6000'],
    });
  });

  it('validates a 10 MB config of 100k sibling tags', async () => {
    const t = await createTestApp();
    const filler = '<Header value="a fairly long header text that pads the config out to size"/>'.repeat(135_000);
    const config = `<View>${filler}${text}<TextArea name="notes" toName="text"/></View>`;
    expect(config.length).toBeGreaterThan(10_000_000);
    expect((await t.postJson('/api/projects/validate/', { label_config: config })).status).toBe(204);
    // About 2 s alone; a machine busy with other work can make it many times that.
  }, 120_000);
});

describe('POST /api/projects/{id}/validate/', () => {
  it('needs a token, a project and a config', async () => {
    const t = await createTestApp();
    const project = insertProject(t, sentiment('1'));
    expect((await t.postJson(`/api/projects/${project}/validate/`, { label_config: sentiment('1') })).status).toBe(401);
    const auth = { Authorization: `Token ${TEST_TOKEN}` };
    await expectEnvelope(
      await t.postJson(`/api/projects/${project + 1}/validate/`, { label_config: sentiment('1') }, auth),
      404,
      'No Project matches the given query.',
    );
    await expectEnvelope(await t.postJson(`/api/projects/${project}/validate/`, {}, auth), 400, 'Validation error', {
      non_field_errors: ['Label config is not set or is empty'],
    });
  });

  it('says true when a control, type, input or label changes, and null (never false) otherwise', async () => {
    const t = await createTestApp();
    const auth = { Authorization: `Token ${TEST_TOKEN}` };
    const project = insertProject(t, sentiment('1', '2'));
    const check = async (config: string) =>
      (await (await t.postJson(`/api/projects/${project}/validate`, { label_config: config }, auth)).json()) as unknown;
    expect(await check(sentiment('1', '2'))).toEqual({ config_essential_data_has_changed: null });
    expect(await check(sentiment('1', '2', '3'))).toEqual({ config_essential_data_has_changed: null });
    expect(await check(sentiment('1'))).toEqual({ config_essential_data_has_changed: true });
    expect(await check(sentiment('1', '2').replace('$text', '$body'))).toEqual({
      config_essential_data_has_changed: true,
    });
    expect(await check(sentiment('1', '2').replace('sentiment', 'mood'))).toEqual({
      config_essential_data_has_changed: true,
    });
  });

  it('refuses removing a label a draft still uses, with Label Studio’s message (config_validation.tavern.yml)', async () => {
    const t = await createTestApp();
    const auth = { Authorization: `Token ${TEST_TOKEN}` };
    const project = insertProject(t, sentiment('1'));
    const task = insertTask(t, project);
    insertDraft(t, project, task, choicesResult('sentiment', 1));
    await expectEnvelope(
      await t.postJson(`/api/projects/${project}/validate/`, { label_config: sentiment('2') }, auth),
      400,
      'Validation error',
      {
        non_field_errors: [
          'These labels still exist in annotations or drafts:\n1 (1 draft)\nPlease add labels to tag with name="sentiment".',
        ],
      },
    );
    insertAnnotation(t, project, task, choicesResult('sentiment', '1'));
    await expectEnvelope(
      await t.postJson(`/api/projects/${project}/validate/`, { label_config: sentiment('2') }, auth),
      400,
      'Validation error',
      {
        non_field_errors: [
          'These labels still exist in annotations or drafts:\n1 (1 annotation, 1 draft)\nPlease add labels to tag with name="sentiment".',
        ],
      },
    );
    t.db.prepare('DELETE FROM tasks WHERE project = ?').run(project);
    expect(
      (await t.postJson(`/api/projects/${project}/validate/`, { label_config: sentiment('2') }, auth)).status,
    ).toBe(200);
  });

  it('refuses a config annotations cannot follow, and a removed control that drafts still use', async () => {
    const t = await createTestApp();
    const auth = { Authorization: `Token ${TEST_TOKEN}` };
    const project = insertProject(t, sentiment('1', '2'));
    const task = insertTask(t, project);
    insertAnnotation(t, project, task, choicesResult('sentiment', '1'));
    const asLabels = `<View>${text}<Labels name="sentiment" toName="text"><Label value="1"/><Label value="2"/></Labels></View>`;
    await expectEnvelope(
      await t.postJson(`/api/projects/${project}/validate/`, { label_config: asLabels }, auth),
      400,
      'Validation error',
      {
        non_field_errors: [
          'Created annotations are incompatible with provided labeling schema, we found:\n1 with from_name=sentiment, to_name=text, type=choices',
        ],
      },
    );

    const draftsOnly = insertProject(t, sentiment('1'));
    insertDraft(t, draftsOnly, insertTask(t, draftsOnly), choicesResult('sentiment', '1'));
    const withoutSentiment = `<View>${text}<Choices name="other" toName="text"><Choice value="x"/></Choices></View>`;
    await expectEnvelope(
      await t.postJson(`/api/projects/${draftsOnly}/validate/`, { label_config: withoutSentiment }, auth),
      400,
      'Validation error',
      { non_field_errors: ['There are 1 annotation(s) created with tag "sentiment", you can\'t remove it'] },
    );
  });

  it('reports a malformed candidate config as a non-field error', async () => {
    const t = await createTestApp();
    const auth = { Authorization: `Token ${TEST_TOKEN}` };
    const project = insertProject(t, sentiment('1'));
    await expectEnvelope(
      await t.postJson(`/api/projects/${project}/validate/`, { label_config: '<View>' }, auth),
      400,
      'Validation error',
      { non_field_errors: ['no element found: line 1, column 6'] },
    );
  });
});

describe('label_config on PATCH (config_validation.tavern.yml try_removing_created_labels)', () => {
  const auth = { Authorization: `Token ${TEST_TOKEN}`, 'Content-Type': 'application/json' };
  const patch = (t: TestApp, project: number, body: unknown) =>
    t.request(`/api/projects/${project}`, { method: 'PATCH', headers: auth, body: JSON.stringify(body) });
  const numbers = (tag: 'Choices' | 'Labels', ...values: string[]) => {
    const option = tag === 'Choices' ? 'Choice' : 'Label';
    return ` <View> ${text} <${tag} name="label" toName="text"> ${values.map((v) => `<${option} value="${v}"/>`).join(' ')} </${tag}> </View>`;
  };

  it('allows removing a used label on PATCH but refuses a type change, saving nothing', async () => {
    const t = await createTestApp();
    const created = await t.postJson('/api/projects', { label_config: numbers('Choices', '1', '2') }, auth);
    const project = ((await created.json()) as { id: number }).id;
    insertAnnotation(
      t,
      project,
      insertTask(t, project),
      JSON.stringify([{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [1] } }]),
    );

    const removed = await patch(t, project, { label_config: numbers('Choices', '2', '3') });
    expect(removed.status).toBe(200);
    const body = (await removed.json()) as Record<string, unknown>;
    // DRF's CharField trims the config before it is stored.
    expect(body.label_config).toBe(numbers('Choices', '2', '3').trim());
    expect(body.parsed_label_config).toMatchObject({ label: { type: 'Choices', labels: ['2', '3'] } });
    expect(body.control_weights).toEqual({ label: { overall: 1.0, type: 'Choices', labels: { '2': 1.0, '3': 1.0 } } });

    await expectEnvelope(
      await patch(t, project, { label_config: numbers('Labels', '1', '2'), title: 'Renamed' }),
      400,
      'Validation error',
      {
        label_config: [
          'Created annotations are incompatible with provided labeling schema, we found:\n1 with from_name=label, to_name=text, type=choices',
        ],
      },
    );
    const after = (await (await t.withToken(`/api/projects/${project}`)).json()) as Record<string, unknown>;
    expect(after.title).toBe('');
    expect(after.label_config).toBe(numbers('Choices', '2', '3').trim());

    t.db.prepare('DELETE FROM tasks WHERE project = ?').run(project);
    expect((await patch(t, project, { label_config: numbers('Labels', '1', '2') })).status).toBe(200);
  });

  it('refuses hostile configs on create and PATCH with a 400 and leaves the project as it was', async () => {
    const t = await createTestApp();
    const project = ((await (await t.postJson('/api/projects', { title: 'Keep' }, auth)).json()) as { id: number }).id;
    const deep = `${'<View>'.repeat(100_000)}${'</View>'.repeat(100_000)}`;
    const bomb = '<!DOCTYPE View [<!ENTITY a "a">]><View/>';
    for (const config of [deep, bomb]) {
      const created = await t.postJson('/api/projects', { title: 'New', label_config: config }, auth);
      expect(created.status).toBe(400);
      expect((await patch(t, project, { label_config: config })).status).toBe(400);
    }
    const count = t.db.prepare('SELECT count(*) AS n FROM projects').get() as { n: number };
    expect(count.n).toBe(1);
    const stored = (await (await t.withToken(`/api/projects/${project}`)).json()) as Record<string, unknown>;
    expect(stored.label_config).toBe('<View></View>');
  });
});
