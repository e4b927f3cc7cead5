import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { makePng } from '../../helpers/labelingMedia.js';
import {
  choice,
  createPair,
  expectSameTasks,
  IMAGE_CONFIG,
  TEXT_CONFIG,
  type ProjectPair,
} from '../conformance/projectPair.js';
import type { Side } from '../differential/targets.js';
import { eventually, expectSameNewStorage, keyShape, useStoragePair } from './storagePair.js';

/*
 * Local-files storages on both servers over the same folders: Outpost is started with Label
 * Studio's own LOCAL_FILES variables and the same document root, so paths, URLs and messages can
 * be compared as they are.
 */

const root = inject('labelStudio').filesRoot;
const base = join(root, `cmp-${randomUUID().slice(0, 8)}`);

describe('local-files storages, Outpost against Label Studio', () => {
  const pair = useStoragePair({
    LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED: 'true',
    LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT: root,
  });

  const newStorage = (project: ProjectPair, body: Record<string, unknown>, what = 'a new storage') =>
    expectSameNewStorage(pair(), what, '/api/storages/localfiles', project, body);

  it('import storages: the objects, sync results and tasks, the filter on file names', async () => {
    const both = pair();
    const folder = join(base, 'tasks');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    writeFileSync(join(folder, 'one.json'), JSON.stringify({ text: 'one' }));
    writeFileSync(join(folder, 'many.json'), JSON.stringify([{ data: { text: 'two' } }, { text: 'three' }]));
    writeFileSync(join(folder, 'notes.txt'), 'not a task');
    writeFileSync(join(folder, 'nested', 'deep.json'), JSON.stringify({ text: 'deep' }));
    const project = await createPair(pair(), TEXT_CONFIG, 'Local import');
    const settings = { path: folder, regex_filter: '.*json', title: 'Folder' };
    const one = await newStorage(project, settings);
    await both.expectSame('the list', 'GET', (side) => `/api/storages/localfiles?project=${project.ids[side]}`);
    await both.expectSame('one storage', 'GET', one(), undefined, { keyOrder: true });
    await both.expectSame('validate', 'POST', '/api/storages/localfiles/validate', (side) => ({
      json: { project: project.ids[side], ...settings },
    }));
    await both.expectSame('the files', 'POST', '/api/storages/localfiles/files', (side) => ({
      json: { project: project.ids[side], ...settings },
    }));
    await both.expectSame('the first sync', 'POST', one('/sync'), undefined, { keyOrder: true });
    await expectSameTasks(pair(), project, 'the first sync');
    writeFileSync(join(folder, 'zzz.json'), JSON.stringify({ text: 'four' }));
    await both.expectSame('a sync adding one file', 'POST', one('/sync'));
    await both.expectSame(
      'a PATCH without the path',
      'PATCH',
      one(),
      { json: { recursive_scan: true } },
      {
        known: ['localfiles-patch-without-path'],
      },
    );
    await both.expectSame('recursive', 'PATCH', one(), { json: { path: folder, recursive_scan: true } });
    await both.expectSame('a recursive sync', 'POST', one('/sync'));
    await expectSameTasks(pair(), project, 'after a recursive sync');
    // The filter reads the file's name here (the whole key for buckets).
    const named = await createPair(pair(), TEXT_CONFIG, 'Local regex');
    const filtered = await newStorage(named, { path: folder, regex_filter: 'one' }, 'a storage filtering names');
    await both.expectSame('a filtered sync', 'POST', filtered('/sync'));
    await both.expectSame('delete', 'DELETE', one());
  });

  it('refuses folders outside the root, the root itself and missing ones alike', async () => {
    const project = await createPair(pair(), TEXT_CONFIG, 'Local errors');
    for (const path of ['/etc', root, join(base, 'missing')]) {
      await pair().expectSame(`path ${path}`, 'POST', '/api/storages/localfiles', (side) => ({
        json: { project: project.ids[side], path },
      }));
    }
  });

  it('blob URLs: tasks name /data/local-files/?d=..., served by both', async () => {
    const both = pair();
    const folder = join(base, 'images');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'red one.png'), makePng(3, 2));
    const project = await createPair(pair(), IMAGE_CONFIG, 'Local media');
    const one = await newStorage(project, { path: folder, use_blob_urls: true });
    await both.expectSame('sync', 'POST', one('/sync'));
    const tasks = await both.ok<{ tasks: { data: { image: string } }[] }>(
      'GET',
      (side) => `/api/tasks/?project=${project.ids[side]}`,
    );
    await expectSameTasks(pair(), project, 'blob URLs');
    const served = await both.send('GET', (side) => tasks[side].tasks[0]!.data.image);
    for (const side of ['ls', 'outpost'] as const) {
      expect.soft([served[side].status, served[side].contentType], side).toEqual([200, 'image/png']);
    }
  });

  it('a malformed file fails the sync; Label Studio keeps the tasks made before it', async () => {
    const both = pair();
    const folder = join(base, 'broken');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.json'), JSON.stringify({ text: 'fine' }));
    writeFileSync(join(folder, 'b.json'), '{"text": "broken"');
    const project = await createPair(pair(), TEXT_CONFIG, 'Local broken');
    const one = await newStorage(project, { path: folder });
    await both.expectSame('the failed sync', 'POST', one('/sync'), undefined, { known: ['storage-sync-traceback'] });
    await expectSameTasks(pair(), project, 'after a failed sync', { known: ['storage-import-all-or-nothing'] });
  });

  it('export storages: the files written, on sync and on each save', async () => {
    const both = pair();
    const folder = (side: Side) => join(base, `export-${side}`);
    for (const side of ['ls', 'outpost'] as const) mkdirSync(folder(side), { recursive: true });
    const project = await createPair(pair(), TEXT_CONFIG, 'Local export');
    const task = await both.ok<{ id: number }>(
      'POST',
      project.path('/tasks/'),
      { json: { data: { text: 'héllo' } } },
      201,
    );
    const annotation = await both.ok<{ id: number }>(
      'POST',
      (side) => `/api/tasks/${task[side].id}/annotations/`,
      { json: { result: choice('pos') } },
      201,
    );
    const aliases = { ls: { [folder('ls')]: '<folder>' }, outpost: { [folder('outpost')]: '<folder>' } };
    await both.expectSame(
      'a new export storage',
      'POST',
      '/api/storages/export/localfiles',
      (side) => ({ json: { project: project.ids[side], path: folder(side), can_delete_objects: true } }),
      { aliases, known: ['export-create-answer'] },
    );
    // Label Studio writes the file in place, so it can be seen half written: wait for whole JSON.
    const written = async (side: Side, id: number) => {
      const file = join(folder(side), String(id));
      const whole = await eventually(async () => {
        const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
        return isJson(text) ? text : null;
      });
      return whole ?? '';
    };
    const sameFile = async (what: string, ids: { ls: number; outpost: number }) => {
      const texts = { ls: await written('ls', ids.ls), outpost: await written('outpost', ids.outpost) };
      const parsed = { ls: JSON.parse(texts.ls) as unknown, outpost: JSON.parse(texts.outpost) as unknown };
      both.expectSameValue(what, parsed);
      expect.soft(keyShape(parsed.outpost), `${what}: key order`).toEqual(keyShape(parsed.ls));
      // json.dump(indent=2): one member a line, ASCII only.
      const style = (text: string) => [
        text.startsWith('{\n  "id": '),
        text.includes('"h\\u00e9llo"'),
        text.split('\n').length,
      ];
      expect.soft(style(texts.outpost), `${what}: JSON style`).toEqual(style(texts.ls));
    };
    await sameFile('the file the export on creation wrote', { ls: annotation.ls.id, outpost: annotation.outpost.id });
    const second = await both.ok<{ id: number }>(
      'POST',
      (side) => `/api/tasks/${task[side].id}/annotations/`,
      { json: { result: choice('neg') } },
      201,
    );
    await sameFile('the file a saved annotation wrote', { ls: second.ls.id, outpost: second.outpost.id });
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
