/*
 * The class names an ONNX detector carries. ONNX files are protobuf; the runtime does not expose
 * a model's `metadata_props` (ModelProto field 14, entries of key = 1 and value = 2), so the top
 * level of the file is walked here, skipping every other field (the graph and its weights) by
 * its length. Ultralytics' exports keep `names` there as a Python dict literal,
 * `{0: 'person', 1: 'car'}`.
 */

const METADATA_PROPS = 14;

class ProtobufReader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  varint(): number {
    let value = 0;
    let factor = 1;
    for (let shift = 0; shift < 64; shift += 7) {
      const byte = this.bytes[this.offset++];
      if (byte === undefined) throw new Error('the protobuf ends inside a number');
      value += (byte & 0x7f) * factor;
      factor *= 128;
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('a protobuf number is too long');
  }

  /** The next field: its number, and its bytes when length-delimited (wire type 2). */
  field(): { number: number; bytes: Uint8Array | null } {
    const key = this.varint();
    const wireType = key % 8;
    const number = Math.floor(key / 8);
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.offset += 8;
    else if (wireType === 5) this.offset += 4;
    else if (wireType === 2) {
      const length = this.varint();
      const start = this.offset;
      this.offset += length;
      if (this.offset > this.bytes.length) throw new Error('a protobuf field runs past the end of the file');
      return { number, bytes: this.bytes.subarray(start, this.offset) };
    } else throw new Error(`unknown protobuf wire type ${wireType}`);
    if (this.offset > this.bytes.length) throw new Error('a protobuf field runs past the end of the file');
    return { number, bytes: null };
  }
}

/** The model's `metadata_props` as a map; an unreadable file has none (the runtime says why it is unreadable). */
export function readOnnxMetadata(model: Uint8Array): Map<string, string> {
  const metadata = new Map<string, string>();
  const decoder = new TextDecoder();
  try {
    const reader = new ProtobufReader(model);
    while (!reader.done) {
      const field = reader.field();
      if (field.number !== METADATA_PROPS || field.bytes === null) continue;
      const entry = new ProtobufReader(field.bytes);
      let key = '';
      let value = '';
      while (!entry.done) {
        const part = entry.field();
        if (part.bytes === null) continue;
        if (part.number === 1) key = decoder.decode(part.bytes);
        if (part.number === 2) value = decoder.decode(part.bytes);
      }
      metadata.set(key, value);
    }
  } catch {
    return metadata;
  }
  return metadata;
}

const ENTRY = /\s*['"]?(\d+)['"]?\s*:\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*(?:,|$)/y;

/**
 * Class names from `{0: 'person', 1: 'car'}` (ultralytics) or a JSON list or object, ordered by
 * class index; null when the text is none of these or leaves an index out.
 */
export function parseClassNames(text: string): string[] | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const list = JSON.parse(trimmed) as unknown;
      return Array.isArray(list) && list.every((name) => typeof name === 'string') ? list : null;
    } catch {
      return null;
    }
  }
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return null;
  const body = trimmed.slice(1, -1);
  const byIndex = new Map<number, string>();
  ENTRY.lastIndex = 0;
  while (ENTRY.lastIndex < body.length) {
    const match = ENTRY.exec(body);
    if (!match) return null;
    const quoted = match[2] ?? match[3] ?? '';
    byIndex.set(Number(match[1]), quoted.replace(/\\(.)/g, '$1'));
  }
  const names: string[] = [];
  for (let index = 0; index < byIndex.size; index += 1) {
    const name = byIndex.get(index);
    if (name === undefined) return null;
    names.push(name);
  }
  return names.length > 0 ? names : null;
}
