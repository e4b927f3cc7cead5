import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { choices, insertAnnotation, insertPrediction, insertTask } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };
const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

const post = (t: TestApp, body: unknown) =>
  t.withToken('/api/projects/', { method: 'POST', body: JSON.stringify(body), headers: json });
const patch = (t: TestApp, id: number, body: unknown) =>
  t.withToken(`/api/projects/${id}/`, { method: 'PATCH', body: JSON.stringify(body), headers: json });

async function createProject(t: TestApp, body: unknown = {}): Promise<Record<string, unknown> & { id: number }> {
  const response = await post(t, body);
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

async function expectFieldError(response: Response, errors: Record<string, string[]>) {
  await expectEnvelope(response, 400, 'Validation error', errors);
}

const NOT_NULL = ['This field may not be null.'];
const BOOLEAN = ['Must be a valid boolean.'];
const INTEGER = ['A valid integer is required.'];
const STRING = ['Not a valid string.'];
const DATETIME = [
  'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
];
const COLOR = ['Color must be in "#RRGGBB" format'];

describe('project field validation (DRF messages)', () => {
  it('title: optional, blank allowed, otherwise 3..50 characters after trimming', async () => {
    const t = await createTestApp();
    await expectFieldError(await post(t, { title: 'ab' }), { title: ['Ensure this field has at least 3 characters.'] });
    await expectFieldError(await post(t, { title: '  ab  ' }), {
      title: ['Ensure this field has at least 3 characters.'],
    });
    await expectFieldError(await post(t, { title: 'x'.repeat(51) }), {
      title: ['Ensure this field has no more than 50 characters.'],
    });
    expect((await createProject(t, { title: '' })).title).toBe('');
    expect((await createProject(t, { title: '   ' })).title).toBe('');
    expect((await createProject(t, { title: null })).title).toBeNull();
    expect((await createProject(t, { title: 'x'.repeat(50) })).title).toHaveLength(50);
    // Length counts characters, not UTF-16 units.
    expect((await createProject(t, { title: '😀'.repeat(50) })).title).toBe('😀'.repeat(50));
    expect((await createProject(t, { title: 12345 })).title).toBe('12345');
    expect((await createProject(t, { title: '  Padded  ' })).title).toBe('Padded');
    await expectFieldError(await post(t, { title: 'abc\u0000' }), { title: ['Null characters are not allowed.'] });
    // Duplicate titles are allowed.
    expect((await createProject(t, { title: 'Same' })).title).toBe((await createProject(t, { title: 'Same' })).title);
  });

  it('color: #RRGGBB only', async () => {
    const t = await createTestApp();
    for (const color of ['red', '#FFF', '#GGGGGG', '', 'FF0000x', null]) {
      await expectFieldError(await post(t, { color }), { color: COLOR });
    }
    await expectFieldError(await post(t, { color: '#' + 'F'.repeat(20) }), {
      color: ['Ensure this field has no more than 16 characters.'],
    });
    expect((await createProject(t, { color: '#00ff7F' })).color).toBe('#00ff7F');
    expect((await createProject(t, { color: ' #123456 ' })).color).toBe('#123456');
  });

  it('sampling and skip_queue: DRF ChoiceField', async () => {
    const t = await createTestApp();
    await expectFieldError(await post(t, { sampling: 'Random', skip_queue: 'NEVER' }), {
      sampling: ['"Random" is not a valid choice.'],
      skip_queue: ['"NEVER" is not a valid choice.'],
    });
    await expectFieldError(await post(t, { sampling: 5, skip_queue: ['REQUEUE_FOR_ME'] }), {
      sampling: ['"5" is not a valid choice.'],
      skip_queue: ['"[\'REQUEUE_FOR_ME\']" is not a valid choice.'],
    });
    await expectFieldError(await post(t, { sampling: null }), { sampling: NOT_NULL });
    const created = await createProject(t, { sampling: 'Uncertainty sampling', skip_queue: 'IGNORE_SKIPPED' });
    expect(created).toMatchObject({ sampling: 'Uncertainty sampling', skip_queue: 'IGNORE_SKIPPED' });
  });

  it("booleans take DRF's spellings and nothing else", async () => {
    const t = await createTestApp();
    for (const value of ['true', 'True', 'TRUE', '1', 1, 'on', 'yes', 'y', 't', true]) {
      expect((await createProject(t, { show_instruction: value })).show_instruction, String(value)).toBe(true);
    }
    for (const value of ['false', 'False', '0', 0, 'off', 'no', 'n', 'f', false]) {
      expect((await createProject(t, { show_skip_button: value })).show_skip_button, String(value)).toBe(false);
    }
    for (const value of ['maybe', 2, '', [], {}, 'tRuE']) {
      await expectFieldError(await post(t, { is_draft: value }), { is_draft: BOOLEAN });
    }
    await expectFieldError(await post(t, { is_draft: null }), { is_draft: NOT_NULL });
  });

  it('integers take numbers and numeric strings', async () => {
    const t = await createTestApp();
    expect((await createProject(t, { maximum_annotations: '3' })).maximum_annotations).toBe(3);
    expect((await createProject(t, { maximum_annotations: ' 4 ' })).maximum_annotations).toBe(4);
    expect((await createProject(t, { maximum_annotations: 5.0 })).maximum_annotations).toBe(5);
    expect((await createProject(t, { maximum_annotations: '6.00' })).maximum_annotations).toBe(6);
    for (const value of ['x', 1.5, '1.5', true, [], {}, '', '1e3']) {
      await expectFieldError(await post(t, { overlap_cohort_percentage: value }), {
        overlap_cohort_percentage: INTEGER,
      });
    }
    await expectFieldError(await post(t, { maximum_annotations: 2 ** 31 }), {
      maximum_annotations: ['Ensure this value is less than or equal to 2147483647.'],
    });
    await expectFieldError(await post(t, { maximum_annotations: '9'.repeat(1001) }), {
      maximum_annotations: ['String value too large.'],
    });
    await expectFieldError(await post(t, { min_annotations_to_start_training: null }), {
      min_annotations_to_start_training: NOT_NULL,
    });
  });

  it('pinned_at: ISO 8601, stored in UTC with microseconds, null unpins', async () => {
    const t = await createTestApp();
    const pinned = await createProject(t, { pinned_at: '2022-06-17T18:20:09.707589Z' });
    expect(pinned.pinned_at).toBe('2022-06-17T18:20:09.707589Z');
    expect((await createProject(t, { pinned_at: '2022-06-17T20:20:09+02:00' })).pinned_at).toBe(
      '2022-06-17T18:20:09.000000Z',
    );
    expect((await createProject(t, { pinned_at: '2022-06-17' })).pinned_at).toBe('2022-06-17T00:00:00.000000Z');
    for (const value of ['yesterday', '2022-13-01T00:00:00Z', '2022-02-30T00:00', 5, true, []]) {
      await expectFieldError(await post(t, { pinned_at: value }), { pinned_at: DATETIME });
    }
    const unpinned = await patch(t, pinned.id, { pinned_at: null });
    expect(((await unpinned.json()) as { pinned_at: unknown }).pinned_at).toBeNull();
  });

  it('control_weights: an object; stored as given when the config does not change', async () => {
    const t = await createTestApp();
    await expectFieldError(await post(t, { control_weights: [1] }), {
      control_weights: ['Expected a dictionary of items but got type "list".'],
    });
    await expectFieldError(await post(t, { control_weights: 'x' }), {
      control_weights: ['Expected a dictionary of items but got type "str".'],
    });
    const project = await createProject(t, {
      label_config: CONFIG,
      control_weights: { label: { overall: 0.5, type: 'Choices', labels: { pos: 2 } }, gone: { overall: 3 } },
    });
    // On create the weights are rebuilt from the config, keeping the given numbers that still apply.
    expect(project.control_weights).toEqual({
      label: { overall: 0.5, type: 'Choices', labels: { pos: 2, neg: 1 } },
    });
    const custom = { label: { overall: 0.25, type: 'Choices', labels: { pos: 1, neg: 0 } }, extra: 'kept' };
    const response = await patch(t, project.id, { control_weights: custom });
    expect(((await response.json()) as Record<string, unknown>).control_weights).toEqual(custom);
    // Null (or empty) weights are rebuilt.
    const rebuilt = await patch(t, project.id, { control_weights: null });
    expect(((await rebuilt.json()) as Record<string, unknown>).control_weights).toEqual({
      label: { overall: 1, type: 'Choices', labels: { pos: 1, neg: 1 } },
    });
  });

  it('char fields: wrong types are field errors, lengths are checked', async () => {
    const t = await createTestApp();
    await expectFieldError(
      await post(t, { description: [], label_config: {}, model_version: true, task_data_login: { a: 1 } }),
      { description: STRING, label_config: STRING, model_version: STRING, task_data_login: STRING },
    );
    await expectFieldError(await post(t, { task_data_password: 'p'.repeat(257) }), {
      task_data_password: ['Ensure this field has no more than 256 characters.'],
    });
    await expectFieldError(await post(t, { description: 'lone \ud800 surrogate' }), {
      description: ['Surrogate characters are not allowed: U+D800.'],
    });
  });

  it('wrong JSON types in every writable field give one 400 listing each field, never a 500', async () => {
    const t = await createTestApp();
    const everything = {
      title: ['x'],
      description: { a: 1 },
      label_config: 5,
      expert_instruction: [],
      show_instruction: 'x',
      show_skip_button: 'x',
      enable_empty_annotation: {},
      show_annotation_history: [],
      organization: 'x',
      color: 5,
      maximum_annotations: 'x',
      is_published: 'x',
      model_version: [],
      is_draft: 'x',
      min_annotations_to_start_training: {},
      start_training_on_annotation_update: 'x',
      show_collab_predictions: 'x',
      sampling: {},
      show_ground_truth_first: 'x',
      show_overlap_first: 'x',
      overlap_cohort_percentage: 'x',
      task_data_login: [],
      task_data_password: {},
      control_weights: 5,
      evaluate_predictions_automatically: 'x',
      skip_queue: 5,
      reveal_preannotations_interactively: 'x',
      pinned_at: 'x',
    };
    const response = await post(t, everything);
    expect(response.status).toBe(400);
    const errors = ((await response.json()) as { validation_errors: Record<string, string[]> }).validation_errors;
    expect(Object.keys(errors)).toEqual(Object.keys(everything));
    expect(errors.label_config).toEqual([expect.stringMatching(/./)]);
    expect(errors.organization).toEqual(['Invalid pk "x" - object does not exist.']);
    expect(errors.start_training_on_annotation_update).toEqual(INTEGER);
    const nulls = await post(t, Object.fromEntries(Object.keys(everything).map((key) => [key, null])));
    expect(nulls.status).toBe(400);
    const nullErrors = ((await nulls.json()) as { validation_errors: Record<string, string[]> }).validation_errors;
    // Nullable in Label Studio: title, description, expert_instruction, model_version, task data
    // credentials, pinned_at, control_weights, organization (ignored).
    expect(Object.keys(nullErrors)).toEqual([
      'label_config',
      'show_instruction',
      'show_skip_button',
      'enable_empty_annotation',
      'show_annotation_history',
      'color',
      'maximum_annotations',
      'is_published',
      'is_draft',
      'min_annotations_to_start_training',
      'start_training_on_annotation_update',
      'show_collab_predictions',
      'sampling',
      'show_ground_truth_first',
      'show_overlap_first',
      'overlap_cohort_percentage',
      'evaluate_predictions_automatically',
      'skip_queue',
      'reveal_preannotations_interactively',
    ]);
    expect(nullErrors.label_config).toEqual(['can only parse strings']);
    expect(nullErrors.color).toEqual(COLOR);
  });

  it('a 10 MB title is refused and a 10 MB description is stored, never a 500', async () => {
    const t = await createTestApp();
    const big = 'x'.repeat(10 * 1024 * 1024);
    await expectFieldError(await post(t, { title: big }), {
      title: ['Ensure this field has no more than 50 characters.'],
    });
    const created = await createProject(t, { description: big });
    expect((created.description as string).length).toBe(big.length);
  });
});

describe('project write rules', () => {
  it('is_published=true forces is_draft=false, on create and later', async () => {
    const t = await createTestApp();
    const created = await createProject(t, { is_published: true, is_draft: true });
    expect(created).toMatchObject({ is_published: true, is_draft: false });
    const again = await patch(t, created.id, { is_draft: true });
    expect(await again.json()).toMatchObject({ is_published: true, is_draft: false });
    const unpublished = await patch(t, created.id, { is_published: false, is_draft: true });
    expect(await unpublished.json()).toMatchObject({ is_published: false, is_draft: true });
  });

  it('start_training_on_annotation_update writes min_annotations_to_start_training = int(value)', async () => {
    const t = await createTestApp();
    const created = await createProject(t, { start_training_on_annotation_update: true });
    expect(created).toMatchObject({ min_annotations_to_start_training: 1, start_training_on_annotation_update: true });
    const response = await patch(t, created.id, {
      min_annotations_to_start_training: 7,
      start_training_on_annotation_update: false,
    });
    expect(await response.json()).toMatchObject({
      min_annotations_to_start_training: 0,
      start_training_on_annotation_update: false,
    });
    const numeric = await patch(t, created.id, { start_training_on_annotation_update: '12' });
    expect(await numeric.json()).toMatchObject({ min_annotations_to_start_training: 12 });
    await expectFieldError(await patch(t, created.id, { start_training_on_annotation_update: 'true' }), {
      start_training_on_annotation_update: INTEGER,
    });
  });

  it('model_version must name a prediction model version of the project when it changes', async () => {
    const t = await createTestApp();
    const created = await createProject(t, { model_version: 'anything on create' });
    expect(created.model_version).toBe('anything on create');
    await expectFieldError(await patch(t, created.id, { model_version: 'v9' }), {
      model_version: ["Model version doesn't exist either as live model or as static predictions."],
    });
    insertPrediction(t.db, insertTask(t.db, created.id), created.id, 'v9');
    expect(await (await patch(t, created.id, { model_version: 'v9' })).json()).toMatchObject({ model_version: 'v9' });
    expect((await patch(t, created.id, { model_version: '' })).status).toBe(200);
  });

  it('show_collab_predictions=false also clears model_version (on update), unless one is given', async () => {
    const t = await createTestApp();
    const created = await createProject(t, { model_version: 'v1' });
    const cleared = await patch(t, created.id, { show_collab_predictions: false });
    expect(await cleared.json()).toMatchObject({ show_collab_predictions: false, model_version: '' });
    insertPrediction(t.db, insertTask(t.db, created.id), created.id, 'v2');
    const both = await patch(t, created.id, { show_collab_predictions: false, model_version: 'v2' });
    expect(await both.json()).toMatchObject({ show_collab_predictions: false, model_version: 'v2' });
  });

  it('expert_instruction is sanitized like bleach (Label Studio test_project_config_safe_html)', async () => {
    const t = await createTestApp();
    const { id } = await createProject(t);
    const instruction = async (html: string) =>
      ((await (await patch(t, id, { expert_instruction: html })).json()) as { expert_instruction: string })
        .expert_instruction;
    expect(await instruction('<a href="#" onerror=alert(1)>')).toBe('<a href="#"></a>');
    expect(await instruction('<script>alert(1)</script><b>ok</b>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;<b>ok</b>',
    );
    expect(await instruction('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(await instruction('  <p>untrimmed</p>  ')).toBe('  <p>untrimmed</p>  ');
    const created = await createProject(t, { expert_instruction: '<img src=x onerror=alert(1)>' });
    // Label Studio writes '<img src="x">'; sanitize-html closes void elements as `<img … />`.
    expect(created.expert_instruction).toBe('<img src="x" />');
  });

  it('label_config: invalid configs are field errors; valid ones store parsed config, data types, weights', async () => {
    const t = await createTestApp();
    const broken = await post(t, { label_config: '<View><Text name="text" value="$text"></View>' });
    expect(broken.status).toBe(400);
    const errors = ((await broken.json()) as { validation_errors: Record<string, string[]> }).validation_errors;
    expect(Object.keys(errors)).toEqual(['label_config']);
    expect(errors.label_config).toEqual([expect.stringContaining('mismatched tag')]);
    await expectFieldError(
      await post(t, { label_config: '<View><Choices name="c" toName="img"><Choice value="a"/></Choices></View>' }),
      { label_config: ['toName="img" not found in names: [\'c\']'] },
    );

    const created = await createProject(t, { label_config: CONFIG });
    const row = t.db.prepare('SELECT data_types FROM projects WHERE id = ?').get(created.id) as { data_types: string };
    expect(JSON.parse(row.data_types)).toEqual({ text: 'Text' });
    const regions =
      '<View><Image name="img" value="$image"/><RectangleLabels name="box" toName="img"><Label value="Cat"/></RectangleLabels></View>';
    const changed = await patch(t, created.id, { label_config: regions });
    expect(await changed.json()).toMatchObject({
      config_has_control_tags: true,
      config_suitable_for_bulk_annotation: false,
      control_weights: { box: { overall: 1, type: 'RectangleLabels', labels: { Cat: 1 } } },
    });
    const stored = t.db.prepare('SELECT data_types FROM projects WHERE id = ?').get(created.id) as {
      data_types: string;
    };
    expect(JSON.parse(stored.data_types)).toEqual({ image: 'Image' });
  });

  it('a label_config change that annotations cannot follow is refused, and nothing is saved', async () => {
    const t = await createTestApp();
    const created = await createProject(t, { label_config: CONFIG, title: 'Before' });
    const task = insertTask(t.db, created.id);
    insertAnnotation(t.db, { task, project: created.id, result: [choices('label', 'text', 'pos')] });
    const other = '<View><Text name="text" value="$text"/><TextArea name="notes" toName="text"/></View>';
    const response = await patch(t, created.id, { title: 'After', label_config: other });
    expect(response.status).toBe(400);
    const errors = ((await response.json()) as { validation_errors: Record<string, string[]> }).validation_errors;
    expect(Object.keys(errors)).toEqual(['label_config']);
    expect(errors.label_config?.[0]).toMatch(/^Created annotations are incompatible/);
    expect(await (await t.withToken(`/api/projects/${created.id}`)).json()).toMatchObject({
      title: 'Before',
      label_config: CONFIG,
    });
  });

  it('a failed write changes nothing', async () => {
    const t = await createTestApp();
    const created = await createProject(t, { title: 'Original', label_config: CONFIG });
    const before = t.db.prepare('SELECT * FROM projects WHERE id = ?').get(created.id);
    const failures = [
      { title: 'Good title', color: 'bad' },
      { description: 'new', sampling: 'bad' },
      { label_config: '<View>', title: 'Changed' },
      { model_version: 'missing', title: 'Changed' },
      { is_published: true, pinned_at: 'never' },
    ];
    for (const body of failures) expect((await patch(t, created.id, body)).status).toBe(400);
    expect(
      (await t.withToken(`/api/projects/${created.id}`, { method: 'PUT', body: '[]', headers: json })).status,
    ).toBe(400);
    expect(t.db.prepare('SELECT * FROM projects WHERE id = ?').get(created.id)).toEqual(before);
    const count = (t.db.prepare('SELECT COUNT(*) AS n FROM projects').get() as { n: number }).n;
    expect((await post(t, { title: 'Fine', maximum_annotations: 'no' })).status).toBe(400);
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM projects').get() as { n: number }).n).toBe(count);
  });
});
