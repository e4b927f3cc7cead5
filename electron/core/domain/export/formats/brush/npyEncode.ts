/**
 * Hand-written, not a library, because BRUSH_TO_NUMPY must write the bytes `np.save`
 * writes, and no maintained JS package writes .npy files (the ones on npm read them). The format
 * for a 2-D uint8 array is this fixed header and the raw bytes. Proof: test/export/numpyNpy.test.ts
 * against what NumPy 2.4 wrote (test/fixtures/export/numpyNpy.json).
 */
const MAGIC = Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 0x01, 0x00]); // \x93NUMPY v1.0
const ARRAY_ALIGN = 64;
const GROWTH_AXIS_MAX_DIGITS = 21;

/**
 * A 2-D uint8 array in NumPy's .npy format v1.0, byte for byte as `np.save` writes the converter's
 * masks (docs/export-image-formats.md#brush_to_numpy-and-brush_to_png): the header dict with sorted
 * keys, spare spaces for the first axis to grow (NumPy >= 1.23), padded with spaces so magic +
 * length + header + `\n` is a multiple of 64.
 */
export function encodeNpyUint8(height: number, width: number, data: Uint8Array): Buffer {
  if (data.length !== height * width) throw new Error(`NPY needs ${height * width} bytes, got ${data.length}`);
  let header = `{'descr': '|u1', 'fortran_order': False, 'shape': (${height}, ${width}), }`;
  header += ' '.repeat(GROWTH_AXIS_MAX_DIGITS - String(height).length);
  const headerLength = header.length + 1;
  const padding = ARRAY_ALIGN - ((MAGIC.length + 2 + headerLength) % ARRAY_ALIGN);
  const prefix = Buffer.alloc(MAGIC.length + 2);
  MAGIC.copy(prefix);
  prefix.writeUInt16LE(headerLength + padding, MAGIC.length);
  return Buffer.concat([prefix, Buffer.from(header + ' '.repeat(padding) + '\n', 'latin1'), data]);
}
