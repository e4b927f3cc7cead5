import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localUploadPath } from '../../electron/core/sync/push/uploadTaskMedia.js';

describe('localUploadPath: a task URL that names a file of this data folder', () => {
  const dataDir = resolve('/data/outpost');
  const uploads = join(dataDir, 'media', 'upload');

  it('maps an upload URL to its file, decoding its name', () => {
    expect(localUploadPath(dataDir, '/data/upload/3/ab12cd34-street%20cat.jpg')).toBe(
      join(uploads, '3', 'ab12cd34-street cat.jpg'),
    );
  });

  it('names nothing for other URLs, escapes that leave the folder, and broken escapes', () => {
    for (const url of [
      'https://example.com/data/upload/3/cat.jpg',
      '/data/upload/3/..%2F..%2F..%2Fsecrets.json',
      '/data/upload/3/%zz.png',
      '/data/upload/3/%E0%A4%A.png',
    ]) {
      expect(localUploadPath(dataDir, url), url).toBeNull();
    }
  });
});
