import { buildYoloTestModel, yoloV8Output } from './onnxModelBuilder.js';

/*
 * A tiny YOLOv8-seg shaped model whose masks are known. Its input is 64 x 64 and its two mask
 * prototypes 16 x 16 (a quarter, as ultralytics' are): the first is positive inside a disk, the
 * second inside a rectangle, each the signed distance to its outline, so where the mask crosses
 * 0.5 is where the shape's outline is. On a 200 x 100 image (scale 0.32, 16 px bands above and
 * below) the disk is centred at (75, 50) with radius 25 and the rectangle spans x 125..175,
 * y 25..75. The car's box holds all of the disk; the person's box holds only the rectangle's
 * left half, so its mask is cut there.
 */

export const SEGMENTER_INPUT = 64;
const PROTO_SIDE = 16;

export const SEGMENTER_CLASSES = ['car', 'person'];

export const SEGMENT_CONFIG =
  '<View><Image name="image" value="$image"/>' +
  '<BrushLabels name="brush" toName="image"><Label value="car"/><Label value="person"/></BrushLabels>' +
  '<PolygonLabels name="outline" toName="image"><Label value="car"/><Label value="person"/></PolygonLabels>' +
  '<RectangleLabels name="box" toName="image"><Label value="car"/><Label value="person"/></RectangleLabels></View>';

/** The image the truths below are for. */
export const SEGMENTED_IMAGE = { width: 200, height: 100 };

/** The disk's signed distance and the rectangle's, in input pixels. */
const disk = (x: number, y: number) => 8 - Math.hypot(x - 24, y - 32);
const rectangle = (x: number, y: number) => Math.min(x - 40, 56 - x, y - 24, 40 - y);

export function testSegmenter(): Uint8Array {
  const plane = PROTO_SIDE * PROTO_SIDE;
  const protoValues = new Float32Array(2 * plane);
  for (let row = 0; row < PROTO_SIDE; row += 1) {
    for (let column = 0; column < PROTO_SIDE; column += 1) {
      // A prototype pixel covers 4 x 4 input pixels; its value is the one at its centre.
      const [x, y] = [(column + 0.5) * 4, (row + 0.5) * 4];
      protoValues[row * PROTO_SIDE + column] = disk(x, y);
      protoValues[plane + row * PROTO_SIDE + column] = rectangle(x, y);
    }
  }
  // Per candidate: class scores (car, person), then the two mask coefficients.
  const boxes = yoloV8Output([
    { cx: 24, cy: 32, w: 24, h: 24, scores: [0.9, 0, 1, 0] },
    { cx: 42, cy: 32, w: 12, h: 24, scores: [0, 0.8, 0, 1] },
    { cx: 10, cy: 10, w: 4, h: 4, scores: [0.1, 0, 1, 1] }, // under the score threshold
  ]);
  return buildYoloTestModel({
    inputSize: SEGMENTER_INPUT,
    outputDims: boxes.dims,
    base: boxes.values,
    maskPrototypes: 2,
    protoSide: PROTO_SIDE,
    protoValues,
    metadata: { names: "{0: 'car', 1: 'person'}" },
  });
}

/** The true masks on the 200 x 100 image, one byte a pixel (1 inside), by label. */
export function trueMasks(): Record<'car' | 'person', Uint8Array> {
  const { width, height } = SEGMENTED_IMAGE;
  const car = new Uint8Array(width * height);
  const person = new Uint8Array(width * height);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const [x, y] = [column + 0.5, row + 0.5];
      if (Math.hypot(x - 75, y - 50) < 25) car[row * width + column] = 1;
      // The rectangle (x 125..175) cut by the person's box (x 112.5..150).
      if (x >= 125 && x < 150 && y >= 25 && y < 75) person[row * width + column] = 1;
    }
  }
  return { car, person };
}
