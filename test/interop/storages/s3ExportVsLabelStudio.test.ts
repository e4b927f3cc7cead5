import { describe, expect, it } from 'vitest';
import { labelStudioRows } from '../labelStudioDb.js';
import { choice, createPair, TEXT_CONFIG } from '../conformance/projectPair.js';
import type { Side, Target } from '../differential/targets.js';
import { s3Fields, useMoto } from './s3Fixtures.js';
import { eventually, keyShape, useStoragePair } from './storagePair.js';

/*
 * S3 export storages on both servers against one moto server, each writing to a bucket of its own
 * (annotation ids would collide in one): the storage objects and the objects written, compared
 * field by field, key order and JSON style included.
 */

/*
 * Label Studio 1.22 deletes a project with every model signal switched off: it empties each
 * signal's receiver list for the duration and puts the list back, but Django keeps a per-sender
 * cache of receivers that only connect() and disconnect() clear. The deletion's own pre_delete of
 * its annotations caches "no receivers" for Annotation, so from then on, in that process, deleting
 * an annotation no longer reaches the handler that removes its exported object (the object stays,
 * its link row goes with the annotation). Which of the suite's earlier files deleted a project
 * decided whether this comparison passed. Outpost deletes the object whatever came before, as
 * Label Studio does in a fresh process; this puts Label Studio back in that state. Deleting a
 * project's tasks (none here) disconnects and reconnects a pre_delete and a post_delete receiver
 * through the public API, and each of those calls clears its signal's whole cache.
 */
async function resetLabelStudioDeleteSignals(ls: Target): Promise<void> {
  const scratch = await ls.send('POST', '/api/projects/', { json: { title: 'signal cache reset' } });
  expect(scratch.status, 'a scratch project on Label Studio').toBe(201);
  const { id } = scratch.body as { id: number };
  const cleared = await ls.send('DELETE', `/api/projects/${id}/tasks/`);
  expect(cleared.status, "deleting the scratch project's tasks").toBe(204);
}

describe('S3 export storages, Outpost against Label Studio', () => {
  const pair = useStoragePair();
  const moto = useMoto();

  it('writes the same objects on the first sync and on each save, and deletes them alike', async () => {
    const both = pair();
    const bucket = (side: Side) => `cmp-export-${side}`;
    for (const side of ['ls', 'outpost'] as const) await moto().createBucket(bucket(side));
    const aliases = { ls: { [bucket('ls')]: '<bucket>' }, outpost: { [bucket('outpost')]: '<bucket>' } };
    const project = await createPair(both, TEXT_CONFIG, 'S3 export');
    const task = await both.ok<{ id: number }>(
      'POST',
      project.path('/tasks/'),
      { json: { data: { text: 'héllo' } } },
      201,
    );
    const annotate = (label: string) =>
      both.ok<{ id: number }>(
        'POST',
        (side) => `/api/tasks/${task[side].id}/annotations/`,
        { json: { result: choice(label) } },
        201,
      );
    const first = await annotate('pos');
    const settings = (side: Side) => s3Fields(moto(), bucket(side), { prefix: 'out', can_delete_objects: true });
    const created = await both.expectSame(
      'a new export storage (synced at once)',
      'POST',
      '/api/storages/export/s3',
      (side) => ({ json: { project: project.ids[side], ...settings(side) } }),
      { aliases, known: ['export-create-answer'] },
    );
    const one = (side: Side) => `/api/storages/export/s3/${(created[side].body as { id: number }).id}`;
    await both.expectSame('the storage after its first sync', 'GET', one, undefined, { aliases, keyOrder: true });

    const sameObject = async (what: string, ids: { ls: number; outpost: number }) => {
      const text = (side: Side) =>
        eventually(async () => (await moto().get(bucket(side), `out/${ids[side]}`))?.body.toString('utf8') ?? null);
      const texts = { ls: await text('ls'), outpost: await text('outpost') };
      expect(texts.outpost, `${what}: written by Outpost`).not.toBeNull();
      const parsed = { ls: JSON.parse(texts.ls!) as unknown, outpost: JSON.parse(texts.outpost!) as unknown };
      both.expectSameValue(what, parsed);
      expect.soft(keyShape(parsed.outpost), `${what}: key order`).toEqual(keyShape(parsed.ls));
      // json.dumps with its defaults: one line, ", " and ": " between items, ASCII only.
      const style = (text: string) => [text.includes('\n'), text.includes('"h\\u00e9llo"'), text.startsWith('{"id": ')];
      expect.soft(style(texts.outpost!), `${what}: JSON style`).toEqual(style(texts.ls!));
    };
    await sameObject('the object the first sync wrote', { ls: first.ls.id, outpost: first.outpost.id });
    const second = await annotate('neg');
    await sameObject('the object a saved annotation wrote', { ls: second.ls.id, outpost: second.outpost.id });

    await resetLabelStudioDeleteSignals(both.targets.ls);
    await both.ok('DELETE', (side) => `/api/annotations/${second[side].id}/`, undefined, 204);
    for (const side of ['ls', 'outpost'] as const) {
      // A loaded machine (the whole interop run) can be slow here: give it 15 s.
      const gone = await eventually(
        async () => ((await moto().get(bucket(side), `out/${second[side].id}`)) === null ? true : null),
        150,
      );
      const evidence =
        side === 'ls' && gone !== true
          ? ` (Label Studio's links now: ${JSON.stringify(labelStudioRows('SELECT * FROM io_storages_s3exportstoragelink WHERE annotation_id IN (?, ?)', first.ls.id, second.ls.id))})`
          : '';
      expect.soft(gone, `${side}: the deleted annotation's object (can_delete_objects)${evidence}`).toBe(true);
    }
    // After the delete, not before: Label Studio's sync saves every annotation again from eight
    // threads, and the delete above should be compared with only the save handlers behind it.
    await both.expectSame('a sync of both', 'POST', (side) => `${one(side)}/sync`, undefined, { aliases });
  });
});
