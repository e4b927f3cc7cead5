import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLoginToken } from '../../../electron/core/domain/auth/browserSessions.js';
import { makePng } from '../../helpers/labelingMedia.js';
import { TEST_TOKEN, type TestApp } from '../../helpers/testApp.js';
import { addS3Storage, call, createProject, IMAGE_CONFIG, syncS3, tasksOf, useS3Rig } from './s3Fixtures.js';

/* Cloud media through Outpost: URIs rewritten in task data, the resolve proxy, presigning. */

const fileuri = (uri: string) => Buffer.from(uri).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
const get = (t: TestApp, path: string, headers: Record<string, string> = {}) =>
  t.request(path, { headers: { Authorization: `Token ${TEST_TOKEN}`, ...headers } });

describe('S3 media through the resolve proxy', () => {
  const rig = useS3Rig();
  const red = makePng(3, 2);

  async function imageProject(bucket: string, presign: boolean) {
    const { t, moto } = rig();
    await moto.createBucket(bucket);
    await moto.put(bucket, 'images/red.png', red, 'image/png');
    const project = await createProject(t, { label_config: IMAGE_CONFIG });
    const storage = await addS3Storage(t, moto, project, bucket, { prefix: 'images', use_blob_urls: true, presign });
    expect(await syncS3(t, storage.id)).toMatchObject({ status: 'completed', last_sync_count: 1 });
    const [task] = await tasksOf(t, project);
    return { t, project, storage, task: task! };
  }

  it('rewrites task URIs to /tasks/<id>/resolve/ and streams the object when presign is off', async () => {
    const { t, project, task } = await imageProject('outpost-proxy', false);
    const uri = 's3://outpost-proxy/images/red.png';
    const path = `/tasks/${task.id}/resolve/?fileuri=${fileuri(uri)}`;
    expect(task.data.image).toBe(path);
    expect((await call(t, 'GET', `/api/tasks/${task.id}/`)).body.data.image).toBe(path);
    expect((await tasksOf(t, project, '&resolve_uri=false'))[0]!.data.image).toBe(uri);
    const served = await get(t, path);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(red);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(red.length));
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600, must-revalidate');
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"11[0-9a-f]{32}"$/);
    expect((await get(t, path, { 'If-None-Match': etag })).status).toBe(304);
    const part = await get(t, path, { Range: 'bytes=1-4' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-4/${red.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(red.subarray(1, 5));
    // The older name, the project-level route, and a URI quoted instead of encoded (label-studio-ml's tools).
    for (const other of [
      `/tasks/${task.id}/presign/?fileuri=${fileuri(uri)}`,
      `/projects/${project}/resolve/?fileuri=${fileuri(uri)}`,
      `/tasks/${task.id}/presign/?fileuri=${uri}`,
    ]) {
      expect(Buffer.from(await (await get(t, other)).arrayBuffer())).toEqual(red);
    }
  });

  it('answers 401, 400, 404 and 424 as Label Studio does', async () => {
    const { t, project, task } = await imageProject('outpost-errors', false);
    const ok = `/tasks/${task.id}/resolve/?fileuri=${fileuri('s3://outpost-errors/images/red.png')}`;
    expect((await t.request(ok)).status).toBe(401);
    expect((await get(t, `/tasks/${task.id}/resolve/`)).status).toBe(400);
    expect(
      (await get(t, `/tasks/999999/resolve/?fileuri=${fileuri('s3://outpost-errors/images/red.png')}`)).status,
    ).toBe(404);
    const otherBucket = await get(t, `/projects/${project}/resolve/?fileuri=${fileuri('s3://elsewhere/a.png')}`);
    expect([otherBucket.status, await otherBucket.text()]).toEqual([404, '']);
    const missing = await get(t, `/tasks/${task.id}/resolve/?fileuri=${fileuri('s3://outpost-errors/images/no.png')}`);
    expect(missing.status).toBe(424);
    expect(await missing.json()).toEqual({
      error: 'Storage stream failed while proxying data',
      detail: 'Object "images/no.png" does not exist in S3 bucket outpost-errors.',
    });
  });

  it('redirects to a presigned URL living presign_ttl minutes when presign is on', async () => {
    const { t, storage, task } = await imageProject('outpost-presign', true);
    await call(t, 'PATCH', `/api/storages/s3/${storage.id}`, { presign_ttl: 2 });
    const answer = await get(t, task.data.image as string);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('cache-control')).toBe('no-store, max-age=120');
    const location = new URL(answer.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${rig().moto.url}/outpost-presign/images/red.png`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('120');
    const presigned = await fetch(location);
    expect(Buffer.from(await presigned.arrayBuffer())).toEqual(red);
    // Outpost's own pages (the session cookie) get the bytes: their CSP allows media from this origin only.
    const login = await t.request(`/login?token=${createLoginToken(t.ctx, t.userId)}`);
    const session = /outpost_session=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))![1]!;
    const inPage = await t.request(task.data.image as string, { headers: { Cookie: `outpost_session=${session}` } });
    expect(inPage.status).toBe(200);
    expect(Buffer.from(await inPage.arrayBuffer())).toEqual(red);
  });

  it('rewrites URIs inside HTML, lists and dicts, only of buckets the project has a storage for', async () => {
    const { t, project } = await imageProject('outpost-shapes', true);
    const uri = 's3://outpost-shapes/images/red.png';
    const data = {
      image: uri,
      html: `<p><img src="${uri}" alt="red"></p>`,
      list: [uri, 's3://other-bucket/x.png', 7],
      dict: { a: uri },
      plain: 'no uri here',
      foreign: 's3://other-bucket/x.png',
    };
    const created = await call(t, 'POST', `/api/projects/${project}/tasks/`, { data });
    const id = created.body.id as number;
    const proxied = `/tasks/${id}/resolve/?fileuri=${fileuri(uri)}`;
    expect((await call(t, 'GET', `/api/tasks/${id}/`)).body.data).toEqual({
      image: proxied,
      html: `<p><img src="${proxied}" alt="red"></p>`,
      list: [proxied, 's3://other-bucket/x.png', 7],
      dict: { a: proxied },
      plain: 'no uri here',
      foreign: 's3://other-bucket/x.png',
    });
  });

  it("serves a mirrored project's cached copy without asking the storage (offline)", async () => {
    const { t, project, storage, task } = await imageProject('outpost-offline', false);
    const uri = 's3://outpost-offline/images/red.png';
    const now = '2026-01-15T10:00:00.000000Z';
    const remote = Number(
      t.db
        .prepare(
          "INSERT INTO remotes (url, token_kind, created_at, updated_at) VALUES ('http://remote.test', 'legacy', ?, ?)",
        )
        .run(now, now).lastInsertRowid,
    );
    t.db
      .prepare('INSERT INTO remote_projects (project, remote, remote_project_id) VALUES (?, ?, 1)')
      .run(project, remote);
    const folder = join(t.deps.dataDir, 'media', 'remote', String(remote));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'abc-red.png'), red);
    t.db
      .prepare(
        "INSERT INTO media_cache (remote, url, path, size, status, updated_at) VALUES (?, ?, 'abc-red.png', ?, 'done', ?)",
      )
      .run(remote, uri, red.length, now);
    // The storage is out of reach now.
    t.db
      .prepare("UPDATE storages SET settings = json_set(settings, '$.s3_endpoint', 'http://127.0.0.1:1') WHERE id = ?")
      .run(storage.id);
    const served = await get(t, `/tasks/${task.id}/resolve/?fileuri=${fileuri(uri)}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(red);
    // The task serializers point at the cached copy first.
    expect((await call(t, 'GET', `/api/tasks/${task.id}/`)).body.data.image).toBe(`/data/remote/${remote}/abc-red.png`);
    const uncached = await get(t, `/tasks/${task.id}/resolve/?fileuri=${fileuri('s3://outpost-offline/images/b.png')}`);
    expect(uncached.status).toBe(424);
    expect(((await uncached.json()) as { detail: string }).detail).toMatch(
      /^Cannot reach S3 at http:\/\/127\.0\.0\.1:1: /,
    );
  });
});
