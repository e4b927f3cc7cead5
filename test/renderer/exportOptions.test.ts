import { describe, expect, it } from 'vitest';
import {
  bridgeErrorMessage,
  bundlesMedia,
  downloadProgressText,
  exportPath,
  exportQuery,
  fileNameFromHeaders,
  firstEnabledFormat,
  offersMediaOption,
} from '../../renderer/src/features/export/exportOptions.js';
import { attachmentHeader } from '../../electron/core/server/routes/export.js';

describe('export options', () => {
  it('builds the easy-export query, with download_resources only where it matters', () => {
    expect(exportQuery({ format: 'JSON', allTasks: true, includeMedia: true })).toEqual({
      exportType: 'JSON',
      download_all_tasks: 'true',
    });
    expect(exportQuery({ format: 'VOC', allTasks: false, includeMedia: false })).toEqual({
      exportType: 'VOC',
      download_all_tasks: 'false',
      download_resources: 'false',
    });
    expect(exportPath(4, { format: 'CSV', allTasks: false, includeMedia: true })).toBe(
      '/api/projects/4/export?exportType=CSV&download_all_tasks=false',
    );
    expect(offersMediaOption('ASR_MANIFEST')).toBe(true);
    expect(offersMediaOption('COCO')).toBe(false);
    expect(bundlesMedia('YOLO_OBB_WITH_IMAGES')).toBe(true);
    expect(bundlesMedia('YOLO')).toBe(false);
  });

  it('preselects the first enabled format', () => {
    const formats = [
      { name: 'COCO', title: 'COCO', description: '', link: '', disabled: true as const },
      { name: 'JSON', title: 'JSON', description: '', link: '' },
    ];
    expect(firstEnabledFormat(formats)).toBe('JSON');
    expect(firstEnabledFormat([formats[0]!])).toBeNull();
  });

  it("reads the file name the server's Content-Disposition gives, ASCII or not", () => {
    for (const name of ['project-1-at-2026-01-15-10-00-0123abcd.json', 'projet-é 1.zip', 'a"b.csv']) {
      expect(fileNameFromHeaders(attachmentHeader(name), null)).toBe(name);
    }
    expect(fileNameFromHeaders(null, 'from-header.json')).toBe('from-header.json');
    expect(fileNameFromHeaders('attachment; filename=bare.csv', null)).toBe('bare.csv');
    expect(fileNameFromHeaders('attachment', null)).toBeNull();
  });

  it('never turns a header into a path', () => {
    expect(fileNameFromHeaders('attachment; filename="../../etc/passwd"', null)).toBe('passwd');
    expect(fileNameFromHeaders("attachment; filename*=utf-8''..%2F..%5Cevil.json", null)).toBe('evil.json');
    expect(fileNameFromHeaders('attachment; filename=".."', null)).toBeNull();
  });

  it('shows bytes received, and a percentage when the size is known', () => {
    expect(downloadProgressText(1_200_000, null)).toBe('1.2 MB received');
    expect(downloadProgressText(1_200_000, 3_400_000)).toBe('1.2 MB of 3.4 MB (35%)');
    expect(downloadProgressText(5, 0)).toBe('5 B received');
  });

  it("strips Electron's wrapper from a bridge rejection", () => {
    const error = new Error("Error invoking remote method 'outpost:save-export': Error: The export failed: boom");
    expect(bridgeErrorMessage(error)).toBe('The export failed: boom');
    expect(bridgeErrorMessage('plain')).toBe('plain');
  });
});
