import type { InferenceSession, Tensor } from 'onnxruntime-web';
import { letterbox, type Letterboxed } from './letterbox.js';
import { detectionMask, maskCoefficientsOf, type MaskPrototypes } from './segmenterMasks.js';
import { parseClassNames, readOnnxMetadata } from './onnxMetadata.js';
import { loadOnnxRuntime } from './onnxRuntime.js';
import type { RgbImage } from '../image/imagePixels.js';
import {
  decodeYoloOutput,
  outputLayoutOf,
  type DecodeOptions,
  type Detection,
  type OutputLayout,
} from './yoloOutput.js';

/*
 * An ONNX detector opened and checked: one image input `[1, 3, height, width]`, and an output in
 * a YOLO layout whose class count matches its names. The check runs the model once on a gray
 * image, so a file that loads but answers something else is refused when it is set, not at the
 * first prediction. A segmenter has a second output, `[1, K, height / 4, width / 4]` mask
 * prototypes, and K mask coefficients per candidate (segmenterMasks.ts).
 */

/** What the checks found, stored with the project's detector. */
export interface DetectorShape {
  input: { name: string; width: number; height: number };
  output: { name: string; dims: number[] } & OutputLayout;
  classNames: string[];
  /** Where the class names came from. */
  namesFrom: 'metadata' | 'setting';
  /** The model also outputs masks. */
  isSegmenter: boolean;
  /** A segmenter's prototypes output (absent from descriptions stored before masks were read). */
  protos?: { name: string; dims: number[] } | undefined;
}

export interface OpenDetector {
  session: InferenceSession;
  shape: DetectorShape;
}

/** The model's input size when it leaves it open (ultralytics' default). */
const DEFAULT_INPUT = 640;

export class DetectorModelError extends Error {}

function imageInputOf(session: InferenceSession): DetectorShape['input'] {
  const tensors = session.inputMetadata.filter((input) => input.isTensor);
  const input = tensors[0];
  if (tensors.length !== 1 || !input || !input.isTensor) {
    throw new DetectorModelError(`it has ${session.inputNames.length} inputs; a detector has one image input`);
  }
  const dims = input.shape;
  if (input.type !== 'float32' || dims.length !== 4 || (typeof dims[1] === 'number' && dims[1] !== 3)) {
    throw new DetectorModelError(
      `its input "${input.name}" is ${input.type} [${dims.join(', ')}]; a detector takes float32 [1, 3, height, width]`,
    );
  }
  const side = (dim: number | string | undefined) => (typeof dim === 'number' && dim > 0 ? dim : DEFAULT_INPUT);
  return { name: input.name, width: side(dims[3]), height: side(dims[2]) };
}

function runtimeMessage(error: unknown): string {
  const said = error instanceof Error ? error.message : String(error);
  return said.replace(/^.*ERROR_MESSAGE: /s, '').trim();
}

async function runOnce(opened: OpenDetector['session'], input: DetectorShape['input'], tensor: Float32Array) {
  const ort = await loadOnnxRuntime();
  const feed = new ort.Tensor('float32', tensor, [1, 3, input.height, input.width]);
  try {
    return await opened.run({ [input.name]: feed });
  } catch (error) {
    // The runtime's own words, without its prefix: an operator it could not compute and why.
    throw new DetectorModelError(`the model failed while running (${runtimeMessage(error)})`);
  } finally {
    feed.dispose();
  }
}

function floatsOf(tensor: Tensor): Float32Array {
  if (tensor.type !== 'float32') throw new DetectorModelError(`its output is ${tensor.type}; a detector's is float32`);
  return tensor.data as Float32Array;
}

/** Opens a model file's bytes; `givenNames` are the class names set for it, when the file lacks them. */
export async function openDetector(bytes: Uint8Array, givenNames: string[] | null): Promise<OpenDetector> {
  const ort = await loadOnnxRuntime();
  let session: InferenceSession;
  try {
    session = await ort.InferenceSession.create(bytes);
  } catch (error) {
    throw new DetectorModelError(`it is not an ONNX model the runtime can load (${runtimeMessage(error)})`);
  }
  try {
    const input = imageInputOf(session);
    const metadataNames = parseClassNames(readOnnxMetadata(bytes).get('names') ?? '');
    const classNames = givenNames ?? metadataNames;
    const gray = letterbox({ width: 1, height: 1, rgb: Uint8Array.of(114, 114, 114) }, input.width, input.height);
    const outputs = await runOnce(session, input, gray.tensor);
    const [outputName, protosName] = session.outputNames;
    const output = outputName === undefined ? undefined : outputs[outputName];
    if (!output || outputName === undefined) throw new DetectorModelError('it has no output');
    const protos = protosName === undefined ? undefined : outputs[protosName];
    if (protos && (protos.dims.length !== 4 || protos.dims[0] !== 1)) {
      throw new DetectorModelError(
        `its second output is [${protos.dims.join(', ')}]; a segmenter's mask prototypes are [1, K, height, width]`,
      );
    }
    const maskCoefficients = protos ? (protos.dims[1] ?? 0) : 0;
    if (protos) floatsOf(protos);
    const layout = outputLayoutOf(output.dims, classNames?.length ?? null, maskCoefficients);
    floatsOf(output);
    for (const tensor of Object.values(outputs)) tensor.dispose();
    if (typeof layout === 'string') throw new DetectorModelError(layout);
    if (!classNames) {
      throw new DetectorModelError(
        `it has no class names in its metadata ("names"); give its ${layout.classes} class names in class_names`,
      );
    }
    return {
      session,
      shape: {
        input,
        output: { name: outputName, dims: [...output.dims], ...layout },
        classNames,
        namesFrom: givenNames ? 'setting' : 'metadata',
        isSegmenter: maskCoefficients > 0,
        protos: protos && protosName !== undefined ? { name: protosName, dims: [...protos.dims] } : undefined,
      },
    };
  } catch (error) {
    await session.release();
    throw error;
  }
}

function sameDims(tensor: Tensor | undefined, expected: { name: string; dims: number[] }): Tensor {
  if (!tensor) throw new DetectorModelError(`the model gave no "${expected.name}" output`);
  if (tensor.dims.join() !== expected.dims.join()) {
    throw new DetectorModelError(
      `the model's output "${expected.name}" is [${tensor.dims.join(', ')}], not [${expected.dims.join(', ')}] as when it was set`,
    );
  }
  return tensor;
}

export type DetectorInspection = { shape: DetectorShape } | { error: string };

/** Whether a file's bytes are a detector the runtime runs, and its shape (run in the image worker). */
export async function inspectDetector(bytes: Uint8Array, givenNames: string[] | null): Promise<DetectorInspection> {
  try {
    const opened = await openDetector(bytes, givenNames);
    await opened.session.release();
    return { shape: opened.shape };
  } catch (error) {
    if (error instanceof DetectorModelError) return { error: error.message };
    throw error;
  }
}

export interface DetectedImage {
  /** Boxes in the model's input pixels. */
  detections: Detection[];
  /** The letterbox that maps them back to the image. */
  frame: Letterboxed;
  /** A segmenter's mask of one of the detections on the image (1 inside); null for a detector. */
  maskOf: ((detection: Detection) => Uint8Array) | null;
}

/** Runs the model on one image. */
export async function detect(opened: OpenDetector, image: RgbImage, options: DecodeOptions): Promise<DetectedImage> {
  const { input, output, protos } = opened.shape;
  const frame = letterbox(image, input.width, input.height);
  const outputs = await runOnce(opened.session, input, frame.tensor);
  try {
    const data = floatsOf(sameDims(outputs[output.name], output));
    const detections = decodeYoloOutput(data, output, options);
    if (!protos || output.extra === 0) return { detections, frame, maskOf: null };
    const protoTensor = sameDims(outputs[protos.name], protos);
    // Copied: the runtime's tensors are released below, the masks are made afterwards.
    const prototypes: MaskPrototypes = {
      data: floatsOf(protoTensor).slice(),
      channels: protos.dims[1]!,
      height: protos.dims[2]!,
      width: protos.dims[3]!,
    };
    const coefficients = new Map(
      detections.map((box) => [box, maskCoefficientsOf(data, output, box.candidate ?? 0)] as const),
    );
    const maskOf = (box: Detection) => {
      const weights = coefficients.get(box) ?? new Float32Array(output.extra);
      return detectionMask(prototypes, weights, box, frame, input, image);
    };
    return { detections, frame, maskOf };
  } finally {
    for (const tensor of Object.values(outputs)) tensor.dispose();
  }
}
