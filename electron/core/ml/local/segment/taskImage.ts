import { readFile, stat } from 'node:fs/promises';
import { decodeImage, ImageDecodeError, type RgbImage } from '../image/imagePixels.js';

/*
 * The task's image, read from the file the server serves for its URL and kept decoded for the
 * next request: interactive segmentation sends one request per click, mostly on the same image.
 */

const KEPT = 2;
const kept = new Map<string, RgbImage>();

export async function readTaskImage(path: string): Promise<RgbImage> {
  const stats = await stat(path).catch(() => null);
  if (!stats?.isFile()) throw new ImageDecodeError('the file is no longer on disk');
  const key = `${path}\u0000${stats.size}\u0000${stats.mtimeMs}`;
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const image = decodeImage(await readFile(path));
  kept.set(key, image);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return image;
}
