import { open } from 'node:fs/promises';

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Python's `wave` module: frames / frame rate of a PCM WAV file, or null when the file is not one
 * (any other container or codec), which makes the ASR export drop the item as upstream does.
 * Only chunk headers are read, never the samples.
 */
export async function wavDurationSeconds(path: string): Promise<number | null> {
  const file = await open(path, 'r').catch(() => null);
  if (!file) return null;
  try {
    const header = Buffer.alloc(12);
    if ((await file.read(header, 0, 12, 0)).bytesRead < 12) return null;
    if (header.toString('latin1', 0, 4) !== 'RIFF' || header.toString('latin1', 8, 12) !== 'WAVE') return null;
    const { size } = await file.stat();
    let offset = 12;
    let frameSize = 0;
    let frameRate = 0;
    const chunk = Buffer.alloc(24);
    while (offset + 8 <= size) {
      const { bytesRead } = await file.read(chunk, 0, 24, offset);
      if (bytesRead < 8) return null;
      const id = chunk.toString('latin1', 0, 4);
      const length = chunk.readUInt32LE(4);
      if (id === 'fmt ') {
        if (bytesRead < 24) return null;
        const format = chunk.readUInt16LE(8);
        if (format !== WAVE_FORMAT_PCM && format !== WAVE_FORMAT_EXTENSIBLE) return null;
        const channels = chunk.readUInt16LE(10);
        frameRate = chunk.readUInt32LE(12);
        const sampleWidth = Math.floor((chunk.readUInt16LE(22) + 7) / 8);
        frameSize = channels * sampleWidth;
        if (!frameSize || !frameRate) return null;
      } else if (id === 'data') {
        // `wave` refuses a data chunk that comes before the format chunk.
        if (!frameSize) return null;
        return Math.floor(length / frameSize) / frameRate;
      }
      // Chunks are padded to an even length.
      offset += 8 + length + (length % 2);
    }
    return null;
  } finally {
    await file.close();
  }
}
