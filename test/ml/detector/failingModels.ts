import { buildOnnxModel } from './onnxModelBuilder.js';
import { yoloV8Output } from './onnxModelBuilder.js';

/*
 * A detector that passes the check made when it is set (one run on a gray image) and fails on a
 * bright image, as a model can fail on some inputs only: it picks its output from a table by
 * an index computed from the image's brightness, and the table has one entry. Gray (114/255)
 * gives index 0; a white 200 x 100 image, letterboxed with gray bands, gives 1, out of bounds.
 */
export function modelFailingOnBrightImages(): Uint8Array {
  const boxes = yoloV8Output([
    { cx: 32, cy: 32, w: 16, h: 16, scores: [0.9, 0] },
    ...Array(9).fill({ cx: 1, cy: 1, w: 1, h: 1, scores: [0, 0] }),
  ]);
  return buildOnnxModel({
    nodes: [
      { op: 'ReduceMean', inputs: ['images'], output: 'brightness', ints: { keepdims: 0 } },
      { op: 'Mul', inputs: ['brightness', 'two'], output: 'scaled' },
      { op: 'Cast', inputs: ['scaled'], output: 'index', ints: { to: 7 } },
      { op: 'Gather', inputs: ['table', 'index'], output: 'output0', ints: { axis: 0 } },
    ],
    initializers: [
      { name: 'two', dims: [], values: Float32Array.of(2) },
      { name: 'table', dims: [1, ...boxes.dims], values: boxes.values },
    ],
    input: { name: 'images', dims: [1, 3, 64, 64] },
    outputs: [{ name: 'output0', dims: boxes.dims }],
    metadata: { names: "{0: 'car', 1: 'person'}" },
  });
}
