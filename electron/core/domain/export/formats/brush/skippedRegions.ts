import type { ExportSink } from '../../exportTypes.js';
import { SpoolFile } from '../image/spoolFile.js';
import type { SkippedRegion } from './brushLayers.js';

/** The note listing brush regions a brush export left out (see the README of this folder). */
export const SKIPPED_REGIONS_FILE = 'skipped_regions.txt';

const HEADER =
  '# Brush regions this export left out because their mask could not be decoded.\n' +
  '# One line per region: task id, TAB, annotation id, TAB, layer name, TAB, reason.\n';

/** Collects skipped regions in a scratch file and adds the note only when there is any. */
export class SkippedRegionsNote {
  private spool: SpoolFile | null = null;
  count = 0;

  constructor(private readonly sink: ExportSink) {}

  async add(region: SkippedRegion): Promise<void> {
    this.spool ??= await SpoolFile.create(await this.sink.tempDir(), 'skipped-regions.txt');
    const fields = [region.taskId, region.annotationId, region.layer, region.reason].map((field) =>
      String(field).replace(/[\t\r\n]/g, ' '),
    );
    await this.spool.append(fields.join('\t') + '\n');
    this.count += 1;
  }

  async finish(): Promise<void> {
    const spool = this.spool;
    if (!spool) return;
    await this.sink.addStream(
      SKIPPED_REGIONS_FILE,
      (async function* () {
        yield HEADER;
        yield* spool.chunks();
      })(),
    );
    await spool.close();
  }
}
