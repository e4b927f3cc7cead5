import { describe, expect, it } from 'vitest';
import {
  extensionOf,
  fileKey,
  isHiddenPath,
  isTabular,
  needsReview,
  uploadedFileName,
} from '../../renderer/src/features/import/fileKinds.js';
import { describeImportError } from '../../renderer/src/features/import/describeImportError.js';
import { formatBytes, uploadProgress, uploadProgressText } from '../../renderer/src/features/import/progress.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

const envelope = (validationErrors?: Record<string, unknown>, detail = 'Validation error') => ({
  id: 'x',
  status_code: 400,
  version: '1.22.0',
  detail,
  exc_info: null,
  ...(validationErrors ? { validation_errors: validationErrors } : {}),
});

describe('import progress', () => {
  it('formats sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(45_000_000)).toBe('45 MB');
    expect(formatBytes(120_400_000)).toBe('120 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  });

  it('maps the encoded body position onto files sent in order', () => {
    const sizes = [10_000_000, 20_000_000, 30_000_000, 60_000_000];
    // The multipart body is 1% larger than the files; half of it is half of the files.
    const half = uploadProgress(sizes, 60_600_000, 121_200_000);
    expect(half).toEqual({
      currentFile: 4,
      fileCount: 4,
      bytesSent: 60_000_000,
      bytesTotal: 120_000_000,
      fraction: 0.5,
    });
    expect(uploadProgress(sizes, 0, 121_200_000).currentFile).toBe(1);
    expect(uploadProgress(sizes, 15_150_000, 121_200_000).currentFile).toBe(2);
    expect(uploadProgress(sizes, 121_200_000, 121_200_000)).toMatchObject({ currentFile: 4, fraction: 1 });
    expect(uploadProgress(sizes, 0, 0).fraction).toBe(0);
  });

  it('reads as "Uploading 3 of 12 files, 45 MB of 120 MB"', () => {
    const sizes = Array.from({ length: 12 }, () => 10_000_000);
    expect(uploadProgressText(uploadProgress(sizes, 45_000_000, 120_000_000))).toBe(
      'Uploading 5 of 12 files, 45 MB of 120 MB',
    );
    expect(uploadProgressText(uploadProgress([2000], 1000, 2000))).toBe('Uploading 1 file, 1.0 KB of 2.0 KB');
  });
});

describe('file kinds', () => {
  it('sends CSV, TSV and TXT through the review step, and nothing else', () => {
    expect(isTabular('data.CSV')).toBe(true);
    expect(isTabular('a.tsv')).toBe(true);
    expect(isTabular('notes.txt')).toBe(true);
    expect(isTabular('tasks.json')).toBe(false);
    expect(isTabular('csv')).toBe(false);
    expect(needsReview(['a.png', 'b.json'])).toBe(false);
    expect(needsReview(['a.png', 'b.csv'])).toBe(true);
    expect(extensionOf('.bashrc')).toBe('');
  });

  it('skips hidden files and folders in a folder walk only', () => {
    expect(isHiddenPath('photos/.DS_Store')).toBe(true);
    expect(isHiddenPath('photos/.git/config')).toBe(true);
    expect(isHiddenPath('photos/cat.png')).toBe(false);
    expect(isHiddenPath('photos/../cat.png')).toBe(false);
  });

  it('shows the original name of an upload and tells files apart', () => {
    expect(uploadedFileName('upload/7/1a2b3c4d-data.csv')).toBe('data.csv');
    expect(uploadedFileName('upload/7/plain.csv')).toBe('plain.csv');
    const file = { name: 'a.png', size: 3, lastModified: 5 };
    expect(fileKey(file, '')).not.toBe(fileKey(file, 'dir/a.png'));
  });
});

describe('import errors', () => {
  it('lists each failing item 1-based, in words: the key it lacks and the keys it has, not a Python dump', () => {
    const report = describeImportError(
      400,
      envelope({
        non_field_errors: [
          {},
          "Error at item 1: \"text\" key is expected in task data [assume: item as is = task root with values]  :: {'foo': 'bar'}",
          {},
        ],
      }),
      'fallback',
    );
    expect(report).toEqual({
      headline: 'Nothing was imported: 1 item has a problem.',
      hint:
        'The labeling config reads "text" from each task\'s data. Rename the matching key or CSV column in your ' +
        'data, or change the labeling config in the project settings.',
      problems: [
        {
          label: 'Item 2',
          message: 'Its data has no "text", the key the labeling config reads ($text). It has "foo".',
          item: null,
        },
      ],
      mayBeTruncated: false,
    });
  });

  it('names other fields, says when the list is capped, and falls back to detail or the message', () => {
    const capped = describeImportError(
      400,
      envelope({ non_field_errors: Array.from({ length: 100 }, (_, i) => `Error at item ${i}: bad`) }),
      'x',
    );
    expect(capped.headline).toBe('Nothing was imported: 100 items have problems.');
    expect(capped.mayBeTruncated).toBe(true);
    // The same problem on many items is listed once, with their numbers.
    expect(capped.problems).toEqual([{ label: 'Items 1–100', message: 'Bad.', item: null }]);
    const field = describeImportError(400, envelope({ preannotated_fields: ['No such field: label'] }), 'x');
    expect(field.problems).toEqual([{ label: 'Preannotated fields', message: 'No such field: label', item: null }]);
    expect(describeImportError(400, envelope(undefined, 'JSON parse error - Expecting value'), 'x').headline).toBe(
      'JSON parse error - Expecting value',
    );
    expect(describeImportError(0, null, 'The local server could not be reached.').headline).toBe(
      'The local server could not be reached.',
    );
  });

  it("reads the real server's refusal of a JSON body", async () => {
    const t = await createTestApp();
    const auth = { Authorization: `Token ${TEST_TOKEN}` };
    const created = await t.postJson(
      '/api/projects/',
      { label_config: '<View><Text name="t" value="$text"/></View>' },
      auth,
    );
    const project = (await created.json()) as { id: number };
    const response = await t.postJson(
      `/api/projects/${project.id}/import`,
      [{ text: 'a' }, { nope: 1 }, { nope: 2 }],
      auth,
    );
    expect(response.status).toBe(400);
    const report = describeImportError(400, await response.json(), 'x');
    expect(report.headline).toBe('Nothing was imported: 2 items have problems.');
    // Both lack "text" and have the same keys: one line for both.
    expect(report.problems.map((problem) => problem.label)).toEqual(['Items 2–3']);
    expect(report.problems[0]!.message).toBe(
      'Its data has no "text", the key the labeling config reads ($text). It has "nope".',
    );
  });
});
