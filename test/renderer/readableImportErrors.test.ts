import { describe, expect, it } from 'vitest';
import { expectedDataKeys, fileHint, missingColumns } from '../../renderer/src/features/import/expectedDataKeys';
import { describeImportError, urlProblem } from '../../renderer/src/features/import/describeImportError';
import { readPythonLiteral } from '../../renderer/src/features/import/pythonLiteral';
import { withOriginalNames } from '../../renderer/src/features/import/readableImportMessage';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

/*
 * The import page's words for Label Studio's refusals, checked against what the real
 * server answers: file names as the user gave them, pandas' errors explained, a refused item's
 * Python dump turned into the keys it had; and the keys a labeling config reads.
 */

const NER = '<View><Labels name="e" toName="text"><Label value="P"/></Labels><Text name="text" value="$ner"/></View>';

async function refusal(config: string, files: Record<string, string | Buffer>) {
  const t = await createTestApp();
  const auth = { Authorization: `Token ${TEST_TOKEN}` };
  const project = (await (await t.postJson('/api/projects/', { label_config: config }, auth)).json()) as { id: number };
  const form = new FormData();
  for (const [name, content] of Object.entries(files)) form.append('file', new Blob([content]), name);
  const response = await t.withToken(`/api/projects/${project.id}/import`, { method: 'POST', body: form });
  expect(response.status).toBe(400);
  return describeImportError(400, await response.json(), 'x');
}

describe('readable import refusals, from the real server', () => {
  it('turns the "Tag Named Entities" mismatch into a sentence: the key the config reads, the columns the file has', async () => {
    const report = await refusal(NER, { 'reviews.csv': 'text,stars\nGreat,5\nMeh,2\n' });
    expect(report.headline).toBe('Nothing was imported: 2 items have problems.');
    expect(report.problems).toEqual([
      {
        label: 'Items 1–2',
        message: 'Its data has no "ner", the key the labeling config reads ($ner). It has "text" and "stars".',
        item: null,
      },
    ]);
    expect(report.hint).toContain('The labeling config reads "ner"');
    expect(JSON.stringify(report)).not.toMatch(/\{'data'|file_upload_id|assume/);
  });

  it('names the file as the user did, never its stored name, and explains pandas', async () => {
    const empty = await refusal(NER, { 'empty.csv': '' });
    expect(empty.headline).toBe('Nothing was imported: empty.csv could not be read.');
    expect(empty.problems).toEqual([
      {
        label: 'empty.csv',
        message: 'It is empty: a CSV or TSV file needs a header row that names its columns.',
        item: null,
      },
    ]);
    expect(JSON.stringify(empty)).not.toMatch(/[0-9a-f]{8}-empty/);

    const quote = await refusal(NER, { 'notes.csv': 'ner\nfine\n"never closed\nmore\n' });
    expect(quote.problems[0]).toEqual({
      label: 'notes.csv',
      message:
        'A quote (") that opens on row 3 is never closed, so everything after it would be one value. ' +
        'Close that quote, or double it ("") where it is part of the text.',
      item: null,
    });

    const image = await refusal('<View><Image name="i" value="$image"/></View>', { 'blank.png': Buffer.alloc(0) });
    expect(image.problems[0]).toEqual({
      label: 'blank.png',
      message: 'It is empty (0 bytes): there is nothing in it to label.',
      item: null,
    });
  });

  it('says what type a value has and what the tag needs', () => {
    const report = describeImportError(
      400,
      {
        id: 'x',
        status_code: 400,
        version: '1.22.0',
        detail: 'Validation error',
        exc_info: null,
        validation_errors: {
          non_field_errors: [
            "Error at item 0: data['audio']=5 is of type 'int', but the object tag Audio expects the following types: ['str'] [assume: item as is = task root with values]  :: {'audio': 5}",
          ],
        },
      },
      'x',
    );
    expect(report.problems[0]!.message).toBe(
      'Its "audio" is a whole number, but the Audio tag that shows it needs text.',
    );
  });

  it("puts a refused address under the URL field, and what a downloaded file held in the page's list", () => {
    const about = (message: string) =>
      describeImportError(
        400,
        {
          id: 'x',
          status_code: 400,
          version: '1.22.0',
          detail: 'Validation error',
          exc_info: null,
          validation_errors: { non_field_errors: [message] },
        },
        'x',
      );
    expect(urlProblem(about("Failed to parse: Host 'x y' contains invalid character ' '"))).toBe(
      'That is not a web address: enter one that starts with http:// or https://.',
    );
    expect(urlProblem(about("Can't resolve hostname nowhere.invalid"))).toBe("Can't resolve hostname nowhere.invalid");
    expect(urlProblem(about('Error at item 0: "text" key is expected in task data'))).toBeNull();
    expect(urlProblem(about('Failed to parse input file 1a2b3c4d-x.csv: No columns to parse from file'))).toBeNull();
  });

  it('reads stored names and Python reprs', () => {
    expect(withOriginalNames('uploading tabular data from "upload/7/1a2b3c4d-b.csv" clashes')).toBe(
      'uploading tabular data from "b.csv" clashes',
    );
    expect(readPythonLiteral("{'data': {'text': 'it\\'s', \"q\": [1, 2.5, None, True]}, 'file_upload_id': 5}")).toEqual(
      {
        data: { text: "it's", q: [1, 2.5, null, true] },
        file_upload_id: 5,
      },
    );
    expect(readPythonLiteral("{'a': datetime.date(2024, 1, 1)}")).toBeNull();
  });
});

describe('the data keys a labeling config reads', () => {
  it('lists them with their tags, says how files alone fill the only one, and which columns miss', () => {
    const keys = expectedDataKeys(NER)!;
    expect(keys).toEqual([{ key: 'ner', tag: 'Text' }]);
    expect(fileHint(keys)).toBe('Or a TXT file: each of its lines becomes one task and fills ner.');
    expect(missingColumns(keys, ['text', 'stars'])).toEqual(['ner']);
    expect(missingColumns(keys, ['ner'])).toEqual([]);
    // A TXT's lines fill the first key by themselves.
    expect(missingColumns(keys, ['$undefined$'])).toEqual([]);
    const two = expectedDataKeys('<View><Image name="i" value="$image"/><Text name="t" value="$caption"/></View>')!;
    expect(two.map((expected) => expected.key)).toEqual(['image', 'caption']);
    expect(fileHint(two)).toBeNull();
    expect(fileHint([{ key: 'image', tag: 'Image' }])).toBe(
      'Or an image per task: each file becomes one task and fills image by itself.',
    );
    expect(expectedDataKeys('<View></View>')).toEqual([]);
    expect(expectedDataKeys('<View><Text')).toBeNull();
  });
});
