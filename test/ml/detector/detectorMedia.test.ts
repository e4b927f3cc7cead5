import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/taskApi.js';
import { createTestApp } from '../../helpers/testApp.js';
import { connectLocalModel, projectWithConfig, retrieveAllPredictions, storedPredictions } from '../localModelApi.js';
import { BOX_CONFIG, flatPng, modelFile, setDetector, testDetector, uploadImage } from './detectorApi.js';

/*
 * Where the detector reads images from (a local-files storage, as /data/local-files/ serves it)
 * and what happens when its own copy of the model is damaged after it was set.
 */

const labelsOf = (result: Record<string, unknown>[]) =>
  result.map((item) => (item.value as { rectanglelabels: string[] }).rectanglelabels[0]);

describe('the detector and task media', () => {
  it('reads images of a local-files storage, only where /data/local-files/ would serve them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'outpost-root-'));
    const photos = join(root, 'photos');
    mkdirSync(photos);
    writeFileSync(join(photos, 'street.png'), flatPng(200, 100, 255));
    writeFileSync(join(root, 'outside.png'), flatPng(200, 100, 255));
    const t = await createTestApp({
      localFiles: { servingEnabled: true, documentRoot: root, userPicksFolders: false },
    });
    const project = await projectWithConfig(t, BOX_CONFIG);
    expect((await setDetector(t, project, { path: modelFile(testDetector()) })).status).toBe(200);
    const storage = await call(t, 'POST', '/api/storages/localfiles', { project, path: photos, use_blob_urls: true });
    expect(storage.status, JSON.stringify(storage.body)).toBe(201);
    expect((await call(t, 'POST', `/api/storages/localfiles/${storage.body.id}/sync`)).status).toBe(200);
    // A task naming a file of the document root outside every storage folder: not served, not read.
    const outside = await call(t, 'POST', `/api/projects/${project}/tasks/`, {
      data: { image: '/data/local-files/?d=outside.png' },
    });
    expect(outside.status).toBe(201);
    await connectLocalModel(t, project);

    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved.errors).toEqual([
      {
        task: outside.body.id,
        error:
          'The model made no prediction for this task: its image /data/local-files/?d=outside.png is not a file ' +
          'this server holds (uploads, local-files storages and media synced from a remote are read; nothing is downloaded)',
      },
    ]);
    const [street] = storedPredictions(t, project);
    expect(labelsOf(street!.result)).toEqual(['car', 'person']);
  });

  it('answers a readable error per task when its copy of the model is damaged, and predicts again once set anew', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BOX_CONFIG);
    const source = modelFile(testDetector());
    expect((await setDetector(t, project, { path: source })).status).toBe(200);
    await uploadImage(t, project, 'white.png', flatPng(200, 100, 255));
    await connectLocalModel(t, project);
    writeFileSync(join(t.deps.dataDir, 'ml', 'detectors', String(project), 'model.onnx'), 'not a model any more');

    const broken = await retrieveAllPredictions(t, project);
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0]!.error).toMatch(
      /^The model made no prediction for this task: it is not an ONNX model the runtime can load \(.+\)$/,
    );
    expect(storedPredictions(t, project)).toEqual([]);

    expect((await setDetector(t, project, { path: source })).status).toBe(200);
    expect((await retrieveAllPredictions(t, project)).errors).toEqual([]);
    expect(labelsOf(storedPredictions(t, project)[0]!.result)).toEqual(['car', 'person']);
  });

  it("removes Outpost's copy of the model with its project", async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BOX_CONFIG);
    expect((await setDetector(t, project, { path: modelFile(testDetector()) })).status).toBe(200);
    const folder = join(t.deps.dataDir, 'ml', 'detectors', String(project));
    expect(existsSync(join(folder, 'model.onnx'))).toBe(true);
    expect((await call(t, 'DELETE', `/api/projects/${project}/`)).status).toBe(204);
    expect(existsSync(folder)).toBe(false);
  });
});
