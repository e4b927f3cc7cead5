import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { insertExportedTasks, pcmWav } from '../helpers/exportData.js';
import { insertDraft, insertPrediction } from '../helpers/projectData.js';
import { readZip } from '../helpers/readZip.js';
import { createTestApp } from '../helpers/testApp.js';

const NER =
  '<View><Labels name="label" toName="text"><Label value="PER"/><Label value="LOC"/></Labels><Text name="text" value="$text"/></View>';
const CHOICES =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text" choice="multiple"><Choice value="Good, really"/><Choice value="Bad &quot;ugly&quot;"/></Choices></View>';

async function projectWith(config: string) {
  const t = await createTestApp();
  const response = await t.withToken('/api/projects', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Export project', label_config: config }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { t, id };
}

let annotationIds = 1000;

function annotation(completedBy: number, createdAt: string, result: unknown[], extra: Record<string, unknown> = {}) {
  annotationIds += 1;
  return {
    id: annotationIds,
    completed_by: completedBy,
    result,
    was_cancelled: false,
    ground_truth: false,
    created_at: createdAt,
    updated_at: createdAt,
    lead_time: 2.0,
    unique_id: `00000000-0000-4000-8000-${String(annotationIds).padStart(12, '0')}`,
    ...extra,
  };
}

function task(id: number, data: Record<string, unknown>, annotations: Record<string, unknown>[] = []) {
  const cancelled = annotations.filter((item) => item.was_cancelled).length;
  return {
    id, data, annotations, inner_id: id, meta: {}, created_at: '2025-05-01T09:00:00.000000Z',
    updated_at: '2025-05-01T09:00:00.000000Z', total_annotations: annotations.length - cancelled,
    cancelled_annotations: cancelled, total_predictions: 0, allow_skip: true, updated_by: null, file_upload: null,
  }; // prettier-ignore
}

function span(start: number, end: number, label: string, text: string) {
  return { value: { start, end, text, labels: [label] }, from_name: 'label', to_name: 'text', type: 'labels' };
}

async function text(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return response.text();
}

describe('GET /api/projects/{id}/export (the easy export)', () => {
  it('sends the file with Label Studio name, disposition, filename header and the application/.json type', async () => {
    const { t, id } = await projectWith(NER);
    const response = await t.withToken(`/api/projects/${id}/export`);
    expect(response.status).toBe(200);
    const name = response.headers.get('filename')!;
    expect(name).toMatch(new RegExp(`^project-${id}-at-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-[0-9a-f]{8}\\.json$`));
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(response.headers.get('content-type')).toBe('application/.json');
    expect(await response.text()).toBe('[]');
  });

  it('exports annotated tasks only by default (skipped count), all with download_all_tasks', async () => {
    const { t, id } = await projectWith(NER);
    insertExportedTasks(t.db, id, [
      task(1, { text: 'Ann' }, [annotation(1, '2025-05-02T10:00:00.000000Z', [span(0, 3, 'PER', 'Ann')])]),
      task(2, { text: 'skipped' }, [annotation(1, '2025-05-02T10:00:00.000000Z', [], { was_cancelled: true })]),
      task(3, { text: 'none' }),
    ]);
    const ids = (body: string) => (JSON.parse(body) as { id: number }[]).map((item) => item.id);
    expect(ids(await text(await t.withToken(`/api/projects/${id}/export?exportType=JSON`)))).toEqual([1, 2]);
    expect(
      ids(await text(await t.withToken(`/api/projects/${id}/export?export_type=JSON&download_all_tasks=true`))),
    ).toEqual([1, 2, 3]);
    expect(
      ids(await text(await t.withToken(`/api/projects/${id}/export?download_all_tasks=1&ids[]=3&ids[]=1`))),
    ).toEqual([1, 3]);
    // Only the `ids[]` spelling is read: `ids=` is ignored.
    expect(ids(await text(await t.withToken(`/api/projects/${id}/export?download_all_tasks=true&ids=3`)))).toEqual([
      1, 2, 3,
    ]);
    expect(await text(await t.withToken(`/api/projects/${id}/export?ids[]=999`))).toBe('[]');
  });

  it('writes the JSON task object in Label Studio key order, drafts expanded, predictions as ids', async () => {
    const { t, id } = await projectWith(NER);
    insertExportedTasks(t.db, id, [
      // Saved through the API, so it carries its region count (bulk-made annotations carry 0).
      task(1, { text: 'Paris/Lyon é' }, [
        { ...annotation(1, '2025-05-02T10:00:00.000000Z', [span(0, 5, 'LOC', 'Paris')]), result_count: 1 },
      ]),
    ]);
    const prediction = insertPrediction(t.db, 1, id);
    const draft = insertDraft(t.db, 1, id, 1, [span(0, 5, 'LOC', 'Paris')]);
    const body = await text(await t.withToken(`/api/projects/${id}/export`));
    expect(body).toContain('"text":"Paris\\/Lyon é"');
    const [exported] = JSON.parse(body) as Record<string, unknown>[];
    // `file_upload` only for a task made from an uploaded file: Label Studio leaves it out otherwise.
    expect(Object.keys(exported!)).toEqual([
      'id', 'annotations', 'drafts', 'predictions', 'data', 'meta', 'created_at', 'updated_at',
      'allow_skip', 'inner_id', 'total_annotations', 'cancelled_annotations', 'total_predictions', 'comment_count',
      'unresolved_comment_count', 'last_comment_updated_at', 'project', 'updated_by', 'comment_authors',
    ]); // prettier-ignore
    const [first] = exported!.annotations as Record<string, unknown>[];
    expect(Object.keys(first!)).toEqual([
      'id', 'completed_by', 'result', 'was_cancelled', 'ground_truth', 'created_at', 'updated_at', 'draft_created_at',
      'lead_time', 'prediction', 'result_count', 'unique_id', 'import_id', 'last_action', 'bulk_created', 'task',
      'project', 'updated_by', 'parent_prediction', 'parent_annotation', 'last_created_by',
    ]); // prettier-ignore
    expect(body).toContain('"lead_time":2.0,"prediction":{},"result_count":1');
    expect(exported!.predictions).toEqual([prediction]);
    const [expanded] = exported!.drafts as Record<string, unknown>[];
    expect(expanded).toMatchObject({ id: draft, user: 'annotator@outpost.local', task: 1 });
    expect(Object.keys(expanded!)).toEqual([
      'id', 'user', 'created_username', 'created_ago', 'result', 'lead_time', 'was_postponed', 'import_id',
      'created_at', 'updated_at', 'task', 'annotation',
    ]); // prettier-ignore
  });

  it('gives JSON_MIN and CSV one record per annotation, newest first, with unicode, commas and quotes', async () => {
    const { t, id } = await projectWith(CHOICES);
    const choice = (...choices: string[]) => ({
      value: { choices },
      from_name: 'sentiment',
      to_name: 'text',
      type: 'choices',
    });
    insertExportedTasks(t.db, id, [
      task(1, { text: 'Café «crème», "hot"' }, [
        annotation(1, '2025-05-02T10:00:00.000000Z', [choice('Good, really')]),
        annotation(2, '2025-05-03T10:00:00.000000Z', [choice('Good, really', 'Bad "ugly"')]),
        annotation(1, '2025-05-04T10:00:00.000000Z', [], { was_cancelled: true }),
      ]),
    ]);
    const min = await text(await t.withToken(`/api/projects/${id}/export?exportType=JSON_MIN`));
    const records = JSON.parse(min) as Record<string, unknown>[];
    expect(records.map((record) => record.annotator)).toEqual([2, 1]);
    expect(records.map((record) => record.sentiment)).toEqual([
      { choices: ['Good, really', 'Bad "ugly"'] },
      'Good, really',
    ]);
    expect(min).toContain('"text": "Café «crème», \\"hot\\""');
    expect(min.startsWith('[\n{\n  "text": ')).toBe(true);

    const csv = await text(await t.withToken(`/api/projects/${id}/export?exportType=CSV`));
    expect(csv.split('\r\n')).toEqual([
      '"annotation_id","annotator","created_at","id","lead_time","sentiment","text","updated_at"',
      `${annotationIds - 1},"2","2025-05-03T10:00:00.000000Z",1,2.0,"{""choices"":[""Good, really"",""Bad \\""ugly\\""""]}","Café «crème», ""hot""","2025-05-03T10:00:00.000000Z"`,
      `${annotationIds - 2},"1","2025-05-02T10:00:00.000000Z",1,2.0,"Good, really","Café «crème», ""hot""","2025-05-02T10:00:00.000000Z"`,
      '',
    ]);
    const tsv = await t.withToken(`/api/projects/${id}/export?exportType=TSV`);
    expect(tsv.headers.get('content-type')).toBe('application/.csv');
    expect(tsv.headers.get('filename')).toMatch(/\.csv$/);
    expect((await tsv.text()).split('\r\n')[0]).toBe(
      '"annotation_id"\t"annotator"\t"created_at"\t"id"\t"lead_time"\t"sentiment"\t"text"\t"updated_at"',
    );
  });

  it('tags CoNLL tokens per annotation and keeps unicode', async () => {
    const { t, id } = await projectWith(NER);
    insertExportedTasks(t.db, id, [
      task(1, { text: 'Zoë visits São Paulo.' }, [
        annotation(1, '2025-05-02T10:00:00.000000Z', [span(0, 3, 'PER', 'Zoë'), span(11, 20, 'LOC', 'São Paulo')]),
      ]),
      task(2, { text: 'Nobody here' }),
    ]);
    const conll = await text(
      await t.withToken(`/api/projects/${id}/export?exportType=CONLL2003&download_all_tasks=true`),
    );
    expect(conll).toBe(
      '-DOCSTART- -X- O\nZoë -X- _ B-PER\nvisits -X- _ O\nSão -X- _ B-LOC\nPaulo -X- _ I-LOC\n. -X- _ O\n\n' +
        'Nobody -X- _ O\nhere -X- _ O\n\n',
    );
  });

  it('documents the empty results of a project without tasks', async () => {
    const { t, id } = await projectWith(NER);
    const get = async (format: string) => text(await t.withToken(`/api/projects/${id}/export?exportType=${format}`));
    expect(await get('JSON')).toBe('[]');
    expect(await get('JSON_MIN')).toBe('[\n\n]');
    expect(await get('CSV')).toBe('"annotation_id","annotator","created_at","lead_time","updated_at"\r\n');
    expect(await get('CONLL2003')).toBe('-DOCSTART- -X- O\n');
  });

  it('bundles WAV uploads in an ASR_MANIFEST zip, and none without download_resources', async () => {
    const config = '<View><Audio name="audio" value="$audio"/><TextArea name="transcript" toName="audio"/></View>';
    const { t, id } = await projectWith(config);
    mkdirSync(join(t.deps.uploadsDir, String(id)), { recursive: true });
    writeFileSync(join(t.deps.uploadsDir, String(id), 'ab12cd34-speech.wav'), pcmWav(2, 16000));
    const transcript = {
      value: { text: ['héllo / wörld'] },
      from_name: 'transcript',
      to_name: 'audio',
      type: 'textarea',
    };
    insertExportedTasks(t.db, id, [
      task(1, { audio: `/data/upload/${id}/ab12cd34-speech.wav` }, [
        annotation(1, '2025-05-02T10:00:00.000000Z', [transcript]),
      ]),
    ]);
    const response = await t.withToken(`/api/projects/${id}/export?exportType=ASR_MANIFEST`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('filename')).toMatch(/\.zip$/);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(['audio/', 'audio/ab12cd34-speech.wav', 'manifest.json']);
    expect(entries[2]!.content.toString()).toBe(
      '{"audio_filepath": "audio/ab12cd34-speech.wav", "duration": 2.0, "text": "h\\u00e9llo / w\\u00f6rld", "annotator": "1"}\n',
    );
    const without = await t.withToken(`/api/projects/${id}/export?exportType=ASR_MANIFEST&download_resources=false`);
    const bare = readZip(Buffer.from(await without.arrayBuffer()));
    expect(bare.map((entry) => [entry.name, entry.content.length])).toEqual([
      ['audio/', 0],
      ['manifest.json', 0],
    ]);
  });

  it('refuses unknown and disabled formats and bad parameters with a 400 envelope', async () => {
    const { t, id } = await projectWith(NER);
    // Label Studio answers an unknown name with a 500 (a bare ValueError in the converter).
    await expectEnvelope(
      await t.withToken(`/api/projects/${id}/export?exportType=NOPE`),
      400,
      'Unknown export format: NOPE',
    );
    await expectEnvelope(
      await t.withToken(`/api/projects/${id}/export?exportType=ASR_MANIFEST`),
      400,
      "ASR_MANIFEST export is not supported for this project's labeling config",
    );
    await expectEnvelope(
      await t.withToken(`/api/projects/${id}/export?download_all_tasks=maybe`),
      400,
      'Validation error',
      {
        download_all_tasks: ['Must be a valid boolean.'],
      },
    );
    await expectEnvelope(await t.withToken(`/api/projects/${id}/export?ids[]=abc`), 400, 'Validation error', {
      'ids[]': ["Field 'id' expected a number but got 'abc'."],
    });
    await expectEnvelope(await t.withToken('/api/projects/999/export'), 404, 'No Project matches the given query.');
  });
});
