import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/taskApi.js';
import { createTestApp } from '../../helpers/testApp.js';
import { connectLocalModel, projectWithConfig } from '../localModelApi.js';
import { flatPng, uploadDetector, uploadImage } from './detectorApi.js';
import { SEGMENT_CONFIG, SEGMENTED_IMAGE, testSegmenter } from './segmenterFixture.js';

/*
 * Several requests predicting with the same detector at once (a preview while predictions are
 * retrieved, two windows): the runtime runs one session one image at a time, and each request
 * gets its whole answer.
 */

describe('a detector asked by several requests at once', () => {
  it('answers each of them', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, SEGMENT_CONFIG);
    expect((await uploadDetector(t, `project=${project}`, testSegmenter())).status).toBe(200);
    await uploadImage(t, project, 'scene.png', flatPng(SEGMENTED_IMAGE.width, SEGMENTED_IMAGE.height, 200));
    await connectLocalModel(t, project);
    const backend = (await call(t, 'GET', `/api/ml?project=${project}`)).body[0].id as number;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(t, 'POST', `/api/ml/${backend}/predict/test?random=true`)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.response[0].result).toHaveLength(6);
    }
  }, 60_000);
});
