import type { ExportContext, ExportSink } from '../../exportTypes.js';
import { readImageInfo, type ImageInfo } from './imageInfo.js';
import { normalizeUploadUrl } from './imageNames.js';
import { SpoolFile } from './spoolFile.js';

/** The note listing images an export with images could not include (see README of this folder). */
export const MISSING_IMAGES_FILE = 'missing_images.txt';

const MISSING_HEADER =
  '# Images this export could not include: the data folder does not hold them, and Outpost never\n' +
  '# downloads during an export. One line per image: task id, TAB, the image URL, TAB, the name it\n' +
  '# would have under images/.\n';

/**
 * The media side of the image formats: where a task's image is on disk (uploads and cached media,
 * through `ctx.resolveMedia`), its size and bands, and, when the format includes images, copying it
 * to `images/<name>` once per name. Images that cannot be included are listed in
 * `missing_images.txt`, written only when there is at least one.
 */
export class ImageMedia {
  private readonly included = new Map<string, boolean>();
  private missing: SpoolFile | null = null;
  private missingCount = 0;

  constructor(
    private readonly ctx: ExportContext,
    private readonly sink: ExportSink,
    private readonly includeImages: boolean,
  ) {}

  localPath(url: unknown): string | null {
    // `upload/...` is an upload too, as the converter's get_local_path treats it.
    return typeof url === 'string' ? this.ctx.resolveMedia(normalizeUploadUrl(url)) : null;
  }

  /** Size and bands of the local file, or null when it is absent or unreadable. */
  async info(url: unknown): Promise<ImageInfo | null> {
    const path = this.localPath(url);
    return path === null ? null : readImageInfo(path);
  }

  /** With images on: add `images/<name>` from the data folder, or note it as missing. */
  async include(taskId: number, url: string, name: string): Promise<boolean> {
    if (!this.includeImages) return false;
    const known = this.included.get(name);
    if (known !== undefined) return known;
    const path = this.localPath(url);
    this.included.set(name, path !== null);
    if (path === null) {
      this.missing ??= await SpoolFile.create(await this.sink.tempDir(), 'missing-images.txt');
      await this.missing.append(`${taskId}\t${oneLine(url)}\t${oneLine(name)}\n`);
      this.missingCount += 1;
      return false;
    }
    await this.sink.addLocalFile(`images/${name}`, path);
    return true;
  }

  get missingImages(): number {
    return this.missingCount;
  }

  /** Adds the missing-images note when anything was missing. */
  async finish(): Promise<void> {
    const missing = this.missing;
    if (!missing) return;
    await this.sink.addStream(MISSING_IMAGES_FILE, prepend(MISSING_HEADER, missing.chunks()));
    await missing.close();
  }
}

function oneLine(text: string): string {
  return text.replace(/[\t\r\n]/g, ' ');
}

async function* prepend(head: string, rest: AsyncIterable<Uint8Array>): AsyncIterable<string | Uint8Array> {
  yield head;
  yield* rest;
}
