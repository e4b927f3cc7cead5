import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectorSettingSchema } from '../../../shared/api/ml.js';
import { expectEnvelope } from '../../helpers/envelope.js';
import { call } from '../../helpers/taskApi.js';
import { createTestApp } from '../../helpers/testApp.js';
import { connectLocalModel, projectWithConfig, retrieveAllPredictions, storedPredictions } from '../localModelApi.js';
import { BOX_CONFIG, flatPng, testDetector, uploadDetector, uploadImage } from './detectorApi.js';
import { modelFailingOnBrightImages } from './failingModels.js';
import { yoloV8Output, buildYoloTestModel } from './onnxModelBuilder.js';

/*
 * A detector sent as bytes (PUT), and models that fail, through the HTTP API: every refusal is
 * Label Studio's error envelope with the reason, a model that fails on some image says so for
 * that task, and nothing answers 500 or hangs.
 */

describe('a detector sent as bytes', () => {
  it('is checked and stored as one set by its path, and named by the file name given', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BOX_CONFIG);
    const put = await uploadDetector(t, `project=${project}&file_name=cars.onnx&score_threshold=0.5`, testDetector());
    expect(put.status, await put.clone().text()).toBe(200);
    expect(detectorSettingSchema.parse(await put.json())).toMatchObject({
      file_name: 'cars.onnx',
      source_path: null,
      score_threshold: 0.5,
      class_names: ['Car', 'person', 'tree'],
      class_labels: ['car', 'person', null],
      unmapped_classes: ['tree'],
    });
    const shown = await call(t, 'GET', `/api/outpost/ml/detector?project=${project}`);
    expect(shown.body).toMatchObject({ file_name: 'cars.onnx', source_path: null });

    await uploadImage(t, project, 'white.png', flatPng(200, 100, 255));
    await connectLocalModel(t, project);
    expect((await retrieveAllPredictions(t, project)).errors).toEqual([]);
    const labels = storedPredictions(t, project)[0]!.result.map(
      (item) => (item.value as { rectanglelabels: string[] }).rectanglelabels[0],
    );
    expect(labels).toEqual(['car', 'person']);
  });

  it('takes class names from the query for a model without them', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BOX_CONFIG);
    const output = yoloV8Output(Array.from({ length: 10 }, () => ({ cx: 1, cy: 1, w: 1, h: 1, scores: [1, 0] })));
    const unnamed = buildYoloTestModel({ inputSize: 8, outputDims: output.dims, base: output.values });
    await expectEnvelope(await uploadDetector(t, `project=${project}`, unnamed), 400, 'Validation error', {
      file: [
        'model.onnx cannot be used as a detector: it has no class names in its metadata ("names"); give its 2 class names in class_names.',
      ],
    });
    const named = await uploadDetector(t, `project=${project}&class_names=car&class_names=person`, unnamed);
    expect(await named.json()).toMatchObject({ class_names: ['car', 'person'], class_names_from: 'setting' });
  });

  it('refuses what is not a detector, another media type, a body over the limit and a bad project', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BOX_CONFIG);
    const corrupt = await uploadDetector(
      t,
      `project=${project}&file_name=broken.onnx`,
      Uint8Array.of(8, 7, 0x12, 0x40),
    );
    const body = await expectEnvelope(corrupt, 400, 'Validation error', { file: [expect.any(String)] });
    expect((body.validation_errors as { file: string[] }).file[0]).toMatch(
      /^broken\.onnx cannot be used as a detector: it is not an ONNX model the runtime can load \(.+\)\.$/,
    );
    const output = yoloV8Output(Array.from({ length: 10 }, () => ({ cx: 1, cy: 1, w: 1, h: 1, scores: [1, 0] })));
    const twoClasses = buildYoloTestModel({ inputSize: 8, outputDims: [1, 10, 6], base: output.values });
    await expectEnvelope(
      await uploadDetector(t, `project=${project}&class_names=a&class_names=b&class_names=c`, twoClasses),
      400,
      'Validation error',
      {
        file: [
          'model.onnx cannot be used as a detector: its output is [1, 10, 6], which does not hold 3 classes in ' +
            'either YOLO layout ([1, 7, candidates] or [1, candidates, 8]).',
        ],
      },
    );
    await expectEnvelope(await uploadDetector(t, `project=${project}`, new Uint8Array()), 400, 'Validation error', {
      file: ["Send the model file's bytes as the body."],
    });
    await expectEnvelope(
      await uploadDetector(t, `project=${project}`, testDetector(), 'application/json'),
      415,
      'Unsupported media type "application/json" in request.',
    );
    // A declared length over the limit, or an unknown project, is refused before the body is read.
    let pulls = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulls += 1;
          if (pulls > 3) controller.close();
          else controller.enqueue(new Uint8Array(100));
        },
      });
    const declared = (query: string, length: number) =>
      t.withToken(`/api/outpost/ml/detector?${query}`, {
        method: 'PUT',
        body: endless(),
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(length) },
        duplex: 'half',
      } as RequestInit);
    const tooLarge = await declared(`project=${project}`, 600 * 2 ** 20);
    await expectEnvelope(tooLarge, 413, 'Request body is too large: the limit is 512 MB.');
    expect(pulls).toBeLessThanOrEqual(1);
    pulls = 0;
    await expectEnvelope(await declared('project=9999', 300), 404, 'No Project matches the given query.');
    expect(pulls).toBeLessThanOrEqual(1);
    const noProject = await uploadDetector(t, 'file_name=x.onnx', testDetector());
    await expectEnvelope(noProject, 400, 'Validation error', { project: ['This field is required.'] });
    // Nothing was set by the refusals.
    expect(await (await t.withToken(`/api/outpost/ml/detector?project=${project}`)).json()).toBeNull();
  });

  it('says per task that a model failed while running, and answers the other tasks', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BOX_CONFIG);
    const put = await uploadDetector(t, `project=${project}&file_name=fragile.onnx`, modelFailingOnBrightImages());
    expect(put.status, await put.clone().text()).toBe(200);
    await uploadImage(t, project, 'white.png', flatPng(200, 100, 255));
    await uploadImage(t, project, 'black.png', flatPng(200, 100, 0));
    await connectLocalModel(t, project);

    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved.errors.map((failure) => failure.error)).toEqual([
      expect.stringMatching(
        /^The model made no prediction for this task: the model failed while running \(.*Gather.*out of .*bounds.*\)$/s,
      ),
    ]);
    const predicted = storedPredictions(t, project);
    expect(predicted).toHaveLength(1);
    expect(predicted[0]!.result.map((item) => (item.value as { rectanglelabels: string[] }).rectanglelabels)).toEqual([
      ['car'],
    ]);

    const backend = (await call(t, 'GET', `/api/ml?project=${project}`)).body[0].id as number;
    const test = await call(t, 'POST', `/api/ml/${backend}/predict/test?random=true`);
    expect(test.status).not.toBe(500);
  });

  it('says per task that the stored model file became unreadable, without a 500', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BOX_CONFIG);
    expect((await uploadDetector(t, `project=${project}`, testDetector())).status).toBe(200);
    await uploadImage(t, project, 'white.png', flatPng(200, 100, 255));
    await connectLocalModel(t, project);
    // The data folder's copy overwritten (a disk error, a hand edit): the next use opens it again.
    writeFileSync(join(t.deps.dataDir, 'ml', 'detectors', String(project), 'model.onnx'), 'not a model');
    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved.errors.map((failure) => failure.error)).toEqual([
      expect.stringMatching(
        /^The model made no prediction for this task: it is not an ONNX model the runtime can load/,
      ),
    ]);
    const backend = (await call(t, 'GET', `/api/ml?project=${project}`)).body[0].id as number;
    expect((await call(t, 'POST', `/api/ml/${backend}/predict/test?random=true`)).status).not.toBe(500);
  });
});
