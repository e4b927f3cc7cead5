import { describe, expect, it } from 'vitest';
import { labelStudioRows } from '../labelStudioDb.js';
import { choice, createPair, TEXT_CONFIG } from '../conformance/projectPair.js';
import type { Side } from '../differential/targets.js';
import { s3Fields, useMoto } from './s3Fixtures.js';
import { eventually, keyShape, useStoragePair } from './storagePair.js';

/*
 * S3 export storages on both servers against one moto server, each writing to a bucket of its own
 * (annotation ids would collide in one): the storage objects and the objects written, compared
 * field by field, key order and JSON style included.
 */

describe('S3 export storages, Outpost against Label Studio', () => {
  const pair = useStoragePair();
  const moto = useMoto();
  let attempt = 0;

  // Retried once: the real Label Studio is the referee here, and its storage code races with
  // itself under load (below); the failure message carries Label Studio's links.
  it('writes the same objects on the first sync and on each save, and deletes them alike', { retry: 1 }, async () => {
    const both = pair();
    attempt += 1;
    const bucket = (side: Side) => `cmp-export-${side}-${attempt}`;
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
    // threads, each with its own SQLite connection, and under load it lost a saved annotation's
    // link there (its pre_delete handler then finds no link and leaves the object).
    await both.expectSame('a sync of both', 'POST', (side) => `${one(side)}/sync`, undefined, { aliases });
  });
});
