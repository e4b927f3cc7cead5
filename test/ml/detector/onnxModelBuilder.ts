/*
 * Writes tiny ONNX models for tests, encoding the few protobuf fields of onnx.proto they need by
 * hand: no protobuf library, no model file checked in. Field numbers are ONNX's (ModelProto,
 * GraphProto, NodeProto, TensorProto, ValueInfoProto, TypeProto, AttributeProto).
 */

const FLOAT = 1;
const ATTRIBUTE_INT = 2;

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = BigInt(value);
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0n);
  return bytes;
}

const intField = (field: number, value: number): number[] => [...varint(field << 3), ...varint(value)];

function bytesField(field: number, bytes: Uint8Array | number[]): number[] {
  return [...varint((field << 3) | 2), ...varint(bytes.length), ...bytes];
}

const stringField = (field: number, text: string): number[] => bytesField(field, [...Buffer.from(text, 'utf8')]);

/** A float tensor: dims, then its values as little-endian raw_data. */
function tensorProto(name: string, dims: readonly number[], values: Float32Array): number[] {
  return [
    ...dims.flatMap((dim) => intField(1, dim)),
    ...intField(2, FLOAT),
    ...stringField(8, name),
    ...bytesField(9, new Uint8Array(values.buffer, values.byteOffset, values.byteLength)),
  ];
}

/** A float tensor input or output; a string dim is symbolic (dim_param), a number fixed (dim_value). */
function valueInfo(name: string, dims: readonly (number | string)[]): number[] {
  const shape = dims.flatMap((dim) => bytesField(1, typeof dim === 'number' ? intField(1, dim) : stringField(2, dim)));
  const tensorType = [...intField(1, FLOAT), ...bytesField(2, shape)];
  return [...stringField(1, name), ...bytesField(2, bytesField(1, tensorType))];
}

export interface NodeSpec {
  op: string;
  inputs: string[];
  output: string;
  ints?: Record<string, number>;
}

function nodeProto(node: NodeSpec): number[] {
  const attributes = Object.entries(node.ints ?? {}).map(([name, value]) =>
    bytesField(5, [...stringField(1, name), ...intField(3, value), ...intField(20, ATTRIBUTE_INT)]),
  );
  return [
    ...node.inputs.flatMap((input) => stringField(1, input)),
    ...stringField(2, node.output),
    ...stringField(3, `${node.op}_${node.output}`),
    ...stringField(4, node.op),
    ...attributes.flat(),
  ];
}

export interface YoloTestModel {
  /** The model's square input size, in pixels. */
  inputSize: number;
  /** The output tensor's dims, e.g. `[1, 4 + classes, N]` (YOLOv8) or `[1, N, 5 + classes]` (YOLOv5). */
  outputDims: number[];
  /** The output the model gives for a black image. */
  base: Float32Array;
  /**
   * Added to `base` times the image's mean value (0..1 over all channels and pixels), so a
   * detection can depend on what the image shows.
   */
  perBrightness?: Float32Array;
  /** A segmenter: a second output `[1, maskPrototypes, side, side]` of mask prototypes. */
  maskPrototypes?: number;
  /** The prototypes' side (4 unless given; ultralytics' is a quarter of the input's). */
  protoSide?: number;
  /** The prototypes' values, plane after plane (zeros unless given). */
  protoValues?: Float32Array;
  /** `metadata_props` entries, such as ultralytics' `names`. */
  metadata?: Record<string, string>;
}

/**
 * A detector-shaped model: `output0 = base + mean(images) * perBrightness`, with `images` a
 * `[1, 3, size, size]` float input as YOLO exports have.
 */
export function buildYoloTestModel(spec: YoloTestModel): Uint8Array {
  const size = spec.inputSize;
  const perBrightness = spec.perBrightness ?? new Float32Array(spec.base.length);
  const nodes: NodeSpec[] = [
    { op: 'ReduceMean', inputs: ['images'], output: 'brightness', ints: { keepdims: 0 } },
    { op: 'Mul', inputs: ['brightness', 'per_brightness'], output: 'lift' },
    { op: 'Add', inputs: ['base', 'lift'], output: 'output0' },
  ];
  const prototypes = spec.maskPrototypes ?? 0;
  const side = spec.protoSide ?? 4;
  const protoDims = [1, prototypes, side, side];
  const protoValues = spec.protoValues ?? new Float32Array(prototypes * side * side);
  if (prototypes > 0) nodes.push({ op: 'Identity', inputs: ['protos'], output: 'output1' });
  return buildOnnxModel({
    nodes,
    initializers: [
      { name: 'base', dims: spec.outputDims, values: spec.base },
      { name: 'per_brightness', dims: spec.outputDims, values: perBrightness },
      ...(prototypes === 0 ? [] : [{ name: 'protos', dims: protoDims, values: protoValues }]),
    ],
    input: { name: 'images', dims: [1, 3, size, size] },
    outputs: [
      { name: 'output0', dims: spec.outputDims },
      ...(prototypes === 0 ? [] : [{ name: 'output1', dims: protoDims }]),
    ],
    metadata: spec.metadata,
  });
}

export interface OnnxModelSpec {
  nodes: NodeSpec[];
  /** Float constants. */
  initializers: { name: string; dims: readonly number[]; values: Float32Array }[];
  /** One float input. */
  input: { name: string; dims: readonly (number | string)[] };
  /** Float outputs. */
  outputs: { name: string; dims: readonly (number | string)[] }[];
  metadata?: Record<string, string> | undefined;
}

/** Any small float graph, at opset 13. */
export function buildOnnxModel(spec: OnnxModelSpec): Uint8Array {
  const graph = [
    ...spec.nodes.flatMap((node) => bytesField(1, nodeProto(node))),
    ...stringField(2, 'outpost-test'),
    ...spec.initializers.flatMap((init) => bytesField(5, tensorProto(init.name, init.dims, init.values))),
    ...bytesField(11, valueInfo(spec.input.name, spec.input.dims)),
    ...spec.outputs.flatMap((output) => bytesField(12, valueInfo(output.name, output.dims))),
  ];
  const model = [
    ...intField(1, 8),
    ...stringField(2, 'outpost-tests'),
    ...bytesField(7, graph),
    ...bytesField(8, [...stringField(1, ''), ...intField(2, 13)]),
    ...Object.entries(spec.metadata ?? {}).flatMap(([key, value]) =>
      bytesField(14, [...stringField(1, key), ...stringField(2, value)]),
    ),
  ];
  return Uint8Array.from(model);
}

/**
 * A YOLOv8 output `[1, 4 + classes, N]` from boxes given as (cx, cy, w, h) in input pixels with
 * one score per class: column n is box n.
 */
export function yoloV8Output(boxes: readonly { cx: number; cy: number; w: number; h: number; scores: number[] }[]) {
  const classes = boxes[0]?.scores.length ?? 0;
  const rows = 4 + classes;
  const values = new Float32Array(rows * boxes.length);
  boxes.forEach((box, n) => {
    [box.cx, box.cy, box.w, box.h, ...box.scores].forEach((value, row) => {
      values[row * boxes.length + n] = value;
    });
  });
  return { dims: [1, rows, boxes.length], values };
}
