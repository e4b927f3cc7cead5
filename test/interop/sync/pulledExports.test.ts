import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng } from '../../helpers/labelingMedia.js';
import { KNOWN_DIFFERENCES } from '../knownDifferences.js';
import { diffExports, foldNames, type ExportDifference } from './exportTextDiff.js';
import { addLabelStudioUser, labelStudioApi, listTasks, startOutpost, type OutpostServer } from './syncRig.js';

/*
 * A project pulled from the real Label Studio exports as the server exports it, compared as the
 * text a user downloads (exportTextDiff.ts), in every format the server offers for it. The
 * project has uploaded images, annotations by the token's account and two other people, a skip,
 * a prediction and an annotation made from it (with the snapshot the server keeps), and drafts.
 * What still differs is listed per format below by a known difference that says why.
 */

const CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image">' +
  '<Label value="cat"/><Label value="dog"/></RectangleLabels></View>';

function box(label: string, x: number, original = 100): Record<string, unknown>[] {
  return [
    {
      id: `r${x}`,
      from_name: 'box',
      to_name: 'image',
      type: 'rectanglelabels',
      original_width: original,
      original_height: original,
      image_rotation: 0,
      value: { x, y: 20, width: 30.5, height: 40, rotation: 0, rectanglelabels: [label] },
    },
  ];
}

/** Which known differences each format shows (its patterns, see exportTextDiff.ts). */
const COCO: Record<string, keyof typeof KNOWN_DIFFERENCES> = {
  'result.json .images[*].file_name': 'coco-file-name',
  'result.json .info.date_created': 'export-time',
};
const LOCAL_IDS = (...patterns: string[]) =>
  Object.fromEntries(patterns.map((pattern) => [pattern, 'mirror-local-ids' as const]));
const EXPECTED: Record<string, Record<string, keyof typeof KNOWN_DIFFERENCES>> = {
  COCO,
  COCO_WITH_IMAGES: COCO,
  JSON: LOCAL_IDS(
    '(json) [*].id',
    '(json) [*].project',
    '(json) [*].annotations[*].task',
    '(json) [*].annotations[*].project',
    '(json) [*].drafts[*].task',
    '(json) [*].annotations[*].id',
    '(json) [*].annotations[*].parent_prediction',
    '(json) [*].drafts[*].id',
    '(json) [*].predictions[*]',
  ),
  JSON_MIN: LOCAL_IDS('(json) [*].id', '(json) [*].annotation_id'),
  CSV: LOCAL_IDS('(csv) column id', '(csv) column annotation_id'),
  TSV: LOCAL_IDS('(tsv) column id', '(tsv) column annotation_id'),
};

describe('exports of a project pulled from the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  const stamp = Date.now();
  let outpost: OutpostServer;
  let remoteProject: number;
  let mirror: number;

  beforeAll(async () => {
    // Rows the pull does not bring (tasks, an annotation, a prediction, a draft): the server's ids then run ahead of a fresh Outpost's, as on any
    // server in use, so an id the export writes from this Outpost's own rows shows.
    await addLabelStudioUser(remote, `exports-decoy-${stamp}@example.com`);
    const decoy = await remote.call<{ id: number }>('POST', '/api/projects/', { title: `Decoy ${stamp}` });
    await remote.call('POST', `/api/projects/${decoy.id}/import`, [
      { data: { text: 'a' }, annotations: [{ result: [] }], predictions: [{ result: [] }] },
      { data: { text: 'b' } },
    ]);
    const [decoyTask] = await remote.call<{ id: number }[]>('GET', `/api/projects/${decoy.id}/tasks/`);
    await remote.call('POST', `/api/tasks/${decoyTask!.id}/drafts`, { result: [] });
    const pat = await addLabelStudioUser(remote, `exports-pat-${stamp}@example.com`, 'Pat', 'Other');
    const sam = await addLabelStudioUser(remote, `exports-sam-${stamp}@example.com`, 'Sam', '');
    remoteProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: `Exports ${stamp}`, label_config: CONFIG })
    ).id;
    const form = new FormData();
    const sizes: [number, number][] = [
      [7, 5],
      [9, 4],
      [6, 6],
    ];
    sizes.forEach(([width, height], index) =>
      form.append(`f${index}`, new Blob([makePng(width, height)], { type: 'image/png' }), `picture${index}.png`),
    );
    await remote.call('POST', `/api/projects/${remoteProject}/import`, form);
    const [first, second, third] = (await listTasks(remote, remoteProject)).map((task) => task.id) as [
      number,
      number,
      number,
    ];
    const prediction = await remote.call<{ id: number }>('POST', '/api/predictions/', {
      task: second,
      result: box('dog', 12),
      score: 0.75,
      model_version: 'v1',
    });
    // The server copies the prediction of the project's model version onto each new annotation.
    await remote.call('PATCH', `/api/projects/${remoteProject}/`, { model_version: 'v1' });
    await remote.call('POST', `/api/tasks/${first}/annotations/`, { result: box('cat', 10), lead_time: 4.5 });
    await remote.call('POST', `/api/tasks/${first}/annotations/`, { result: box('dog', 30), completed_by: pat });
    await remote.call('POST', `/api/tasks/${second}/annotations/`, {
      result: box('dog', 12),
      parent_prediction: prediction.id,
    });
    await remote.call('POST', `/api/tasks/${second}/annotations/`, { result: box('cat', 40, 9), completed_by: sam });
    await remote.call('POST', `/api/tasks/${third}/annotations/`, { result: [], was_cancelled: true });
    await remote.call('POST', `/api/tasks/${third}/drafts`, { result: box('cat', 5), lead_time: 2.0 });

    outpost = await startOutpost();
    const remoteId = await outpost.addRemote(ls.url, ls.user.token);
    const run = await outpost.sync(remoteId, [remoteProject]);
    expect(run.errors).toEqual([]);
    mirror = await outpost.mirrorOf(remoteId, remoteProject);
  });
  afterAll(async () => {
    await outpost?.stop();
  });

  async function download(api: typeof remote, project: number, format: string): Promise<Buffer> {
    const response = await api.raw(
      'GET',
      `/api/projects/${project}/export?exportType=${format}&download_all_tasks=true`,
    );
    expect(response.status, `${format} from ${api.url}`).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('exports every format as the server does, but for the listed differences', async () => {
    const formats = await remote.call<{ name: string; disabled: boolean }[]>(
      'GET',
      `/api/projects/${remoteProject}/export/formats`,
    );
    const names = formats.filter((format) => !format.disabled).map((format) => format.name);
    expect(names).toContain('COCO_WITH_IMAGES');
    const found: Record<string, Record<string, ExportDifference>> = {};
    for (const format of names) {
      const kind = format.startsWith('JSON') ? 'json' : format.toLowerCase();
      const ours = await download(outpost.api, mirror, format);
      const theirs = await download(remote, remoteProject, format);
      const byPattern: Record<string, ExportDifference> = {};
      for (const difference of diffExports(kind, ours, theirs)) byPattern[foldNames(difference.pattern)] ??= difference;
      found[format] = byPattern;
    }
    const unexplained = Object.fromEntries(
      Object.entries(found).map(([format, byPattern]) => [
        format,
        Object.fromEntries(Object.entries(byPattern).filter(([pattern]) => !EXPECTED[format]?.[pattern])),
      ]),
    );
    // Each listed pattern is one its known difference names.
    for (const patterns of Object.values(EXPECTED)) {
      for (const [pattern, id] of Object.entries(patterns)) expect(KNOWN_DIFFERENCES[id].paths).toContain(pattern);
    }
    const missing = Object.entries(EXPECTED).flatMap(([format, patterns]) =>
      Object.keys(patterns)
        .filter((pattern) => !found[format]?.[pattern])
        .map((pattern) => `${format}: ${pattern}`),
    );
    expect({
      unexplained: Object.fromEntries(Object.entries(unexplained).filter(([, p]) => Object.keys(p).length)),
      missing,
    }).toEqual({
      unexplained: {},
      missing: [],
    });
  });
});
