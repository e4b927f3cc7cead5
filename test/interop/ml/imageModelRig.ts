import { execFileSync } from 'node:child_process';
import { VENV_PYTHON } from '../labelStudio.js';
import type { HttpJson } from '../sync/syncRig.js';

/*
 * What the built-in image model's interop test needs of the real Label Studio besides its API:
 * files uploaded as a person uploads them on its import page, and its own Python converter
 * decoding a brush region's RLE, so a mask is judged by Label Studio's reading, not Outpost's.
 */

/** Uploads files to a Label Studio project (one task per file); returns the task ids in order. */
export async function uploadFiles(
  api: HttpJson,
  project: number,
  files: { name: string; bytes: Uint8Array }[],
): Promise<number[]> {
  const form = new FormData();
  for (const file of files) form.append(file.name, new Blob([new Uint8Array(file.bytes)]), file.name);
  const answer = await api.call<{ task_ids: number[] }>(
    'POST',
    `/api/projects/${project}/import?return_task_ids=true`,
    form,
  );
  return answer.task_ids;
}

/* Label Studio's converter answers an RGBA image as a flat array; a pixel is in the mask when its alpha is. */
const DECODE = `
import base64, json, sys
import numpy as np
from label_studio_sdk.converter.brush import decode_rle
given = json.load(sys.stdin)
pixels = np.reshape(decode_rle(given["rle"]), (given["height"], given["width"], 4))
mask = (pixels[:, :, 3] > 0).astype(np.uint8)
print(json.dumps({"pixels": int(mask.sum()), "mask": base64.b64encode(mask.tobytes()).decode()}))
`;

/** The mask Label Studio's own converter (`label_studio_sdk.converter.brush.decode_rle`) reads in an RLE. */
export function labelStudioBrushMask(
  rle: number[],
  width: number,
  height: number,
): { pixels: number; mask: Uint8Array } {
  const out = execFileSync(VENV_PYTHON, ['-c', DECODE], {
    input: JSON.stringify({ rle, width, height }),
    maxBuffer: 64 * 1024 * 1024,
    // Its libraries' deprecation warnings are not the test's business.
    stdio: 'pipe',
  });
  const answer = JSON.parse(out.toString('utf8')) as { pixels: number; mask: string };
  return { pixels: answer.pixels, mask: new Uint8Array(Buffer.from(answer.mask, 'base64')) };
}
