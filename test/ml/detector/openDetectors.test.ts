import { describe, expect, it } from 'vitest';
import { detect } from '../../../electron/core/ml/local/detector/detectorModel.js';
import { withStoredDetector } from '../../../electron/core/ml/local/detector/openDetectors.js';
import { DEFAULT_DECODE } from '../../../electron/core/ml/local/detector/yoloOutput.js';
import { INPUT, modelFile, testDetector } from './detectorApi.js';
import { buildYoloTestModel, yoloV8Output } from './onnxModelBuilder.js';

/* Opened detectors are shared between requests, and one dropped from the cache mid-request still runs. */

const NAMES = ['Car', 'person', 'tree'];
const image = { width: 64, height: 64, rgb: new Uint8Array(64 * 64 * 3) };

describe('opened detectors', () => {
  it('opens a stored model once while its file is the same', async () => {
    const path = modelFile(testDetector());
    const first = await withStoredDetector(path, NAMES, async (detector) => detector);
    const second = await withStoredDetector(path, NAMES, async (detector) => detector);
    expect(second).toBe(first);
  });

  it('keeps a detector usable by the request running it when others push it out of the cache', async () => {
    const held = modelFile(testDetector());
    // Others that detect nothing, so a run that reached another model's session would show it.
    const nothing = yoloV8Output(Array.from({ length: 4 }, () => ({ cx: 9, cy: 9, w: 2, h: 2, scores: [0, 0, 0] })));
    const others = [1, 2].map(() =>
      modelFile(buildYoloTestModel({ inputSize: INPUT, outputDims: nothing.dims, base: nothing.values })),
    );
    let running: unknown = null;
    const boxes = await withStoredDetector(held, NAMES, async (detector) => {
      running = detector;
      // Two more models opened meanwhile: the cache keeps two, so the held one is dropped.
      for (const path of others) await withStoredDetector(path, NAMES, async () => undefined);
      // A session's release completes on a later turn of the event loop: let it, were it under way.
      await new Promise((resolve) => setImmediate(resolve));
      return (await detect(detector, image, DEFAULT_DECODE)).detections.length;
    });
    expect(boxes).toBe(2);
    expect(await withStoredDetector(held, NAMES, async (detector) => detector)).not.toBe(running);
  });
});
