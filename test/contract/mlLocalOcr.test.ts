import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopOcrEngine } from '../../electron/core/ml/local/ocr/ocrEngine.js';
import { call, createTask } from '../helpers/taskApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import {
  connectLocalModel,
  importTasks,
  localStatus,
  projectWithConfig,
  retrieveAllPredictions,
  storedPredictions,
} from '../ml/localModelApi.js';
import { OCR_TEMPLATE, ocrPageSpec } from '../ml/ocrCorpus.js';
import { openTextImageRenderer, type TextImage } from '../ml/ocrImages.js';

/*
 * The OCR skill through the real HTTP API: an OCR project (Label Studio's own template), an
 * uploaded image, the built-in model connected, a test prediction and Retrieve Predictions; then
 * images read from a local-files storage and from a URL, and the errors of images that cannot be.
 */

const LINES = ['Receipt number 4417', 'Paid with card'];
let image: TextImage;
let page: TextImage;
let served: Server;
let servedUrl = '';
let requestsServed = 0;
const servedRequests = () => requestsServed;

beforeAll(async () => {
  const renderer = await openTextImageRenderer();
  try {
    [image, page] = (await renderer.render([
      { width: 420, height: 120, lines: LINES, font: 'Liberation Sans', sizePx: 22 },
      ocrPageSpec(0),
    ])) as [TextImage, TextImage];
  } finally {
    await renderer.close();
  }
  served = createServer((request, response) => {
    requestsServed += 1;
    if (request.url === '/scan.png') response.writeHead(200, { 'Content-Type': 'image/png' }).end(image.png);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
  servedUrl = `http://127.0.0.1:${(served.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  stopOcrEngine();
  await new Promise((resolve) => served.close(resolve));
});

async function uploadImage(t: TestApp, project: number, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await t.withToken(`/api/projects/${project}/import?return_task_ids=true`, {
    method: 'POST',
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { task_ids: number[] }).task_ids[0]!;
}

/** Results grouped by region id, in order. */
function regionsOf(result: Record<string, unknown>[]): Record<string, unknown>[][] {
  const regions = new Map<string, Record<string, unknown>[]>();
  for (const item of result) regions.set(item.id as string, [...(regions.get(item.id as string) ?? []), item]);
  return [...regions.values()];
}

function expectLineRegions(result: Record<string, unknown>[]): void {
  const regions = regionsOf(result);
  expect(regions.map((items) => items.map((item) => `${item.from_name}:${item.type}`))).toEqual(
    LINES.map(() => ['bbox:rectangle', 'label:labels', 'transcription:textarea']),
  );
  regions.forEach((items, index) => {
    const [shape, labels, text] = items.map((item) => item.value as Record<string, number | string[]>);
    expect(Object.keys(shape!).sort()).toEqual(['height', 'rotation', 'width', 'x', 'y']);
    expect(labels).toEqual({ ...shape, labels: ['Text'] });
    expect(text).toEqual({ ...shape, text: [LINES[index]] });
    const drawn = image.lines[index]!;
    expect(shape!.x as number).toBeCloseTo((drawn.left / image.width) * 100, 0);
    expect(shape!.y as number).toBeCloseTo((drawn.top / image.height) * 100, 0);
    expect(items[0]).toMatchObject({ to_name: 'image', original_width: image.width, original_height: image.height });
  });
}

describe('the built-in model on an OCR project', () => {
  it('is ready at once, predicts an uploaded image and stores Retrieve Predictions', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, OCR_TEMPLATE);
    const task = await uploadImage(t, project, 'receipt.png', image.png);
    const backend = await connectLocalModel(t, project);
    expect(backend.state).toBe('CO');
    expect(await localStatus(t, project)).toMatchObject({
      supported: true,
      reason: null,
      state: 'ready',
      controls: [{ name: 'transcription', kind: 'ocr' }],
    });

    const tested = await call(t, 'POST', `/api/ml/${backend.id}/predict/test?random=true`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.task).toMatchObject({ id: task, data: { ocr: expect.stringMatching(/^\/data\/upload\//) } });
    expectLineRegions(tested.body.response[0].result);

    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved).toMatchObject({ created: 1, errors: [] });
    const [stored] = storedPredictions(t, project);
    expect(stored).toMatchObject({ task, model_version: 'local-ocr-tesseract' });
    expect(stored!.score).toBeGreaterThan(0.6);
    expectLineRegions(stored!.result);
  }, 60_000);

  it('answers other requests while it reads a page', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, OCR_TEMPLATE);
    await uploadImage(t, project, 'page.png', page.png);
    const backend = await connectLocalModel(t, project);
    let predicted = false;
    const prediction = call(t, 'POST', `/api/ml/${backend.id}/predict/test?random=true`).then((answer) => {
      predicted = true;
      return answer;
    });
    // Tesseract reads a 1 MP page for seconds, in its own thread: these are answered meanwhile.
    for (let round = 0; round < 3; round += 1) {
      expect((await call(t, 'GET', `/api/projects/${project}/`)).status).toBe(200);
      expect((await call(t, 'GET', `/api/tasks/?project=${project}`)).status).toBe(200);
    }
    expect(predicted).toBe(false);
    const answer = await prediction;
    expect(answer.status).toBe(200);
    expect(regionsOf(answer.body.response[0].result).length).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('reads images from a local-files storage and from the URL a task names', async () => {
    const root = mkdtempSync(join(tmpdir(), 'outpost-ocr-root-'));
    mkdirSync(join(root, 'scans'));
    writeFileSync(join(root, 'scans', 'receipt.png'), image.png);
    // The test's image server is on 127.0.0.1, a private address a task's URL may reach only when allowed.
    const t = await createTestApp({
      localFiles: { servingEnabled: true, documentRoot: root, userPicksFolders: false },
      allowPrivateImportUrls: true,
    });
    const project = await projectWithConfig(t, OCR_TEMPLATE);
    const storage = await call(t, 'POST', '/api/storages/localfiles', { project, path: join(root, 'scans') });
    expect(storage.status).toBe(201);
    await importTasks(t, project, [
      { ocr: '/data/local-files/?d=scans/receipt.png' },
      { ocr: `${servedUrl}/scan.png` },
    ]);
    await connectLocalModel(t, project);
    expect(await retrieveAllPredictions(t, project)).toMatchObject({ created: 2, errors: [] });
    for (const stored of storedPredictions(t, project)) expectLineRegions(stored.result);
  }, 60_000);

  it('answers a readable error for a missing, damaged or unreachable image, never a 500', async () => {
    const t = await createTestApp({ allowPrivateImportUrls: true });
    const project = await projectWithConfig(t, OCR_TEMPLATE);
    const backend = await connectLocalModel(t, project);
    const damaged = await uploadImage(
      t,
      project,
      'damaged.png',
      Buffer.concat([image.png.subarray(0, 100), Buffer.alloc(64)]),
    );
    const tested = await call(t, 'POST', `/api/ml/${backend.id}/predict/test?random=true`);
    expect(tested.status).toBe(400);
    expect(tested.body.detail).toMatch(/could not read the task's image: the file is not an image Tesseract can read/);

    const missing = await createTask(t, project, { ocr: `/data/upload/${project}/0badf00d-gone.png` });
    const unreachable = await createTask(t, project, { ocr: `${servedUrl}/nothing.png` });
    const unsupported = await createTask(t, project, { ocr: 's3://bucket/scan.png' });
    const readable = await createTask(t, project, { ocr: `${servedUrl}/scan.png` });
    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved.created).toBe(1);
    expect(Object.fromEntries(retrieved.errors.map((failure) => [failure.task, failure.error]))).toEqual({
      [damaged]: expect.stringMatching(/not an image Tesseract can read \(or it is damaged\)$/),
      [missing]: expect.stringMatching(/the uploaded file "0badf00d-gone.png" is not among this server's uploads$/),
      [unreachable]: expect.stringMatching(
        /could not be downloaded: 404 Client Error: Not Found for url: http:\/\/\S+\/nothing\.png$/,
      ),
      [unsupported]: expect.stringMatching(/cannot read s3: URLs; it reads uploads, local files and http\(s\) URLs$/),
    });
    expect(storedPredictions(t, project).map((stored) => stored.task)).toEqual([readable]);
  }, 60_000);

  it('never downloads from a private address a task names, as an import URL may not', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, OCR_TEMPLATE);
    const local = await createTask(t, project, { ocr: `${servedUrl}/scan.png` });
    await connectLocalModel(t, project);
    const before = servedRequests();
    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved.errors).toEqual([
      {
        task: local,
        error: expect.stringMatching(
          /could not be downloaded: The provided URL was not valid\. .*cannot be local IPs\.$/,
        ),
      },
    ]);
    // No connection was made, before or after the address was checked.
    expect(servedRequests()).toBe(before);
  }, 60_000);
});
