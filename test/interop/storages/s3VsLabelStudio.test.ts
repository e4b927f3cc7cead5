import { describe, expect, it } from 'vitest';
import { makePng } from '../../helpers/labelingMedia.js';
import { choice, createPair, expectSameTasks, IMAGE_CONFIG, TEXT_CONFIG } from '../conformance/projectPair.js';
import type { Side, Target } from '../differential/targets.js';
import { s3Fields, useMoto } from './s3Fixtures.js';
import { expectSameNewStorage, useStoragePair } from './storagePair.js';

/*
 * S3 import storages on both servers against one moto server (Label Studio's boto3 takes it as
 * s3_endpoint too): the storage objects, what a sync makes of the same bucket, and the media
 * proxy, compared field by field.
 */

const fileuri = (uri: string) => Buffer.from(uri).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

async function bytesOf(target: Target, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.url}${path}`, {
    headers: { Authorization: `Token ${target.token}`, ...headers },
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('S3 storages, Outpost against Label Studio', () => {
  const pair = useStoragePair();
  const moto = useMoto();
  const fields = (bucket: string, extra: Record<string, unknown> = {}) => s3Fields(moto(), bucket, extra);

  it('import storages: the objects, sync results and the tasks they make', async () => {
    const both = pair();
    await moto().createBucket('cmp-import');
    const many = [
      {
        data: { text: 'two' },
        annotations: [{ result: choice('pos') }],
        predictions: [{ result: choice('neg'), score: 0.5, model_version: 'v1' }],
      },
      { text: 'three' },
    ];
    await moto().put('cmp-import', 'tasks/one.json', JSON.stringify({ text: 'one' }));
    await moto().put('cmp-import', 'tasks/many.json', JSON.stringify(many));
    await moto().put('cmp-import', 'tasks/', '');
    await moto().put('cmp-import', 'tasks/nested/deep.json', JSON.stringify({ text: 'deep' }));
    const project = await createPair(both, TEXT_CONFIG, 'S3 import');
    const settings = fields('cmp-import', { prefix: 'tasks', regex_filter: '.*json', title: 'Tasks', presign_ttl: 3 });
    const one = await expectSameNewStorage(both, 'a new import storage', '/api/storages/s3', project, settings);
    const withProject = (side: Side) => ({ json: { project: project.ids[side], ...settings } });
    await both.expectSame('the list', 'GET', (side) => `/api/storages/s3?project=${project.ids[side]}`);
    await both.expectSame('all types', 'GET', (side) => `/api/storages/?project=${project.ids[side]}`);
    await both.expectSame('one storage', 'GET', one(), undefined, { keyOrder: true });
    await both.expectSame('validate', 'POST', '/api/storages/s3/validate', withProject);
    await both.expectSame('the files', 'POST', '/api/storages/s3/files', withProject);
    await both.expectSame('the first sync', 'POST', one('/sync'), undefined, { keyOrder: true });
    await expectSameTasks(both, project, 'the first sync', { known: ['storage-import-annotations'] });
    await moto().put('cmp-import', 'tasks/zzz.json', JSON.stringify({ text: 'four' }));
    await both.expectSame('a sync adding one object', 'POST', one('/sync'));
    await both.expectSame('recursive', 'PATCH', one(), { json: { recursive_scan: true } });
    await both.expectSame('a recursive sync', 'POST', one('/sync'));
    await expectSameTasks(both, project, 'a recursive sync', { known: ['storage-import-annotations'] });
    const nothing = { json: { prefix: 'nothing' } };
    await both.expectSame('a prefix with nothing under it', 'PATCH', one(), nothing, {
      known: ['storage-patch-checked'],
    });
    await both.expectSame('delete', 'DELETE', one());
    await both.expectSame('deleted', 'GET', one(), undefined, { known: ['html-404'] });
  });

  it('refuses a bad bucket name alike; Label Studio hides why moto refused the rest', async () => {
    const project = await createPair(pair(), TEXT_CONFIG, 'S3 errors');
    const refused = (what: string, extra: Record<string, unknown>, known: 's3-untrusted-endpoint'[] = []) =>
      pair().expectSame(
        what,
        'POST',
        '/api/storages/s3',
        (side) => ({ json: { project: project.ids[side], ...fields('cmp-import', extra) } }),
        { known },
      );
    await refused('a bad bucket name', { bucket: 'bad name!' });
    await refused('a missing bucket', { bucket: 'cmp-nope' }, ['s3-untrusted-endpoint']);
    await refused('an empty prefix', { prefix: 'nothing' }, ['s3-untrusted-endpoint']);
  });

  it('blob URLs: task data resolves through the proxy, streamed or presigned', async () => {
    const both = pair();
    const red = makePng(3, 2);
    const uri = 's3://cmp-media/images/red.png';
    await moto().createBucket('cmp-media');
    await moto().put('cmp-media', 'images/red.png', red, 'image/png');
    const project = await createPair(both, IMAGE_CONFIG, 'S3 media');
    const blobs = fields('cmp-media', { prefix: 'images', use_blob_urls: true, presign: false });
    const one = await expectSameNewStorage(both, 'a blob storage', '/api/storages/s3', project, blobs);
    await both.expectSame('sync', 'POST', one('/sync'));
    await expectSameTasks(both, project, 'blob URLs');
    const tasks = await both.ok<{ tasks: { id: number; data: { image: string } }[] }>(
      'GET',
      (side) => `/api/tasks/?project=${project.ids[side]}`,
    );
    const url = (side: Side) => tasks[side].tasks[0]!.data.image;
    const taskPath = (rest: string) => (side: Side) => `/tasks/${tasks[side].tasks[0]!.id}/resolve/${rest}`;

    // Streamed (presign off): the bytes and the headers that matter to a player.
    for (const range of [undefined, 'bytes=1-4']) {
      const served = {
        ls: await bytesOf(both.targets.ls, url('ls'), range ? { Range: range } : {}),
        outpost: await bytesOf(both.targets.outpost, url('outpost'), range ? { Range: range } : {}),
      };
      const shown = (side: Side) => ({
        status: served[side].status,
        body: served[side].body.toString('hex'),
        ...Object.fromEntries(
          ['content-type', 'content-length', 'content-range', 'accept-ranges', 'cache-control'].map((name) => [
            name,
            served[side].headers.get(name),
          ]),
        ),
      });
      expect.soft(shown('outpost'), `streamed, range ${range}`).toEqual(shown('ls'));
      expect.soft(served.outpost.headers.get('etag')).toMatch(/^"\d+1[0-9a-f]{32}"$/);
    }
    await both.expectSame('no fileuri', 'GET', taskPath(''));
    await both.expectSame('an unknown task', 'GET', `/tasks/999999/resolve/?fileuri=${fileuri(uri)}`);
    await both.expectSame('another bucket', 'GET', taskPath(`?fileuri=${fileuri('s3://cmp-other/a.png')}`));
    const missing = taskPath(`?fileuri=${fileuri('s3://cmp-media/images/no.png')}`);
    await both.expectSame('a missing object', 'GET', missing, undefined, { known: ['resolve-stream-failure-detail'] });
    await both.expectSame('no credentials', 'GET', url, { auth: 'none' });
    await both.expectSame('a quoted fileuri (ML tools)', 'GET', taskPath(`?fileuri=${uri}`));
    const atProject = (side: Side) => `/projects/${project.ids[side]}/resolve/?fileuri=${fileuri(uri)}`;
    await both.expectSame('the project-level proxy', 'GET', atProject);

    // Where task data names objects: plain, inside HTML, lists and dicts, and other buckets.
    const shapes = {
      image: uri,
      html: `<p><img src="${uri}" alt="red"></p>`,
      list: [uri, 's3://cmp-other/x.png', 7],
      dict: { a: uri, b: { c: uri } },
      mixed: ['s3://cmp-other/x.png', uri],
      plain: 'no uri, though s3 is named',
      foreign: 's3://cmp-other/x.png',
    };
    const made = await both.ok<{ id: number }>('POST', project.path('/tasks/'), { json: { data: shapes } }, 201);
    await both.expectSame('URIs in HTML, lists and dicts', 'GET', (side) => `/api/tasks/${made[side].id}/`);

    // Presigned (presign on): a 303 to the object, living presign_ttl minutes.
    await both.ok('PATCH', one(), { json: { presign: true, presign_ttl: 2 } });
    const redirected = await both.send('GET', url);
    for (const side of ['ls', 'outpost'] as const) {
      const location = new URL(redirected[side].headers.get('location') ?? 'http://none');
      const answer = [redirected[side].status, redirected[side].headers.get('cache-control')];
      expect.soft(answer, side).toEqual([303, 'no-store, max-age=120']);
      expect.soft(`${location.origin}${location.pathname}`, side).toBe(`${moto().url}/cmp-media/images/red.png`);
      expect.soft(location.searchParams.get('X-Amz-Expires'), side).toBe('120');
      expect.soft(Buffer.from(await (await fetch(location)).arrayBuffer()), side).toEqual(red);
    }
  });
});
