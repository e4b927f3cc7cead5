import type { InferenceSession, Tensor } from 'onnxruntime-web';
import { letterbox, type Letterboxed } from './letterbox.js';
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
 * first prediction. A segmenter (a second output with mask prototypes) is read for its boxes.
 */

/** What the checks found, stored with the project's detector. */
export interface DetectorShape {
  input: { name: string; width: number; height: number };
  output: { name: string; dims: number[] } & OutputLayout;
  classNames: string[];
  /** Where the class names came from. */
  namesFrom: 'metadata' | 'setting';
  /** The model also outputs masks (they are not used: predictions are its boxes). */
  isSegmenter: boolean;
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

async function runOnce(opened: OpenDetector['session'], input: DetectorShape['input'], tensor: Float32Array) {
  const ort = await loadOnnxRuntime();
  const feed = new ort.Tensor('float32', tensor, [1, 3, input.height, input.width]);
  try {
    return await opened.run({ [input.name]: feed });
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
    const said = error instanceof Error ? error.message.replace(/^.*ERROR_MESSAGE: /s, '') : String(error);
    throw new DetectorModelError(`it is not an ONNX model the runtime can load (${said.trim()})`);
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
    const maskCoefficients = protos && protos.dims.length === 4 ? (protos.dims[1] ?? 0) : 0;
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
      },
    };
  } catch (error) {
    await session.release();
    throw error;
  }
}

/** The model's boxes on one image (in its input pixels) and the letterbox that maps them back. */
export async function detect(
  opened: OpenDetector,
  image: RgbImage,
  options: DecodeOptions,
): Promise<{ detections: Detection[]; frame: Letterboxed }> {
  const { input, output } = opened.shape;
  const frame = letterbox(image, input.width, input.height);
  const outputs = await runOnce(opened.session, input, frame.tensor);
  try {
    const tensor = outputs[output.name];
    if (!tensor) throw new DetectorModelError(`the model gave no "${output.name}" output`);
    if (tensor.dims.join() !== output.dims.join()) {
      throw new DetectorModelError(
        `the model's output is [${tensor.dims.join(', ')}], not [${output.dims.join(', ')}] as when it was set`,
      );
    }
    return { detections: decodeYoloOutput(floatsOf(tensor), output, options), frame };
  } finally {
    for (const tensor of Object.values(outputs)) tensor.dispose();
  }
}
