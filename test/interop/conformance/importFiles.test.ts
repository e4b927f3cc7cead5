import { createServer } from 'node:http';
import { describe, it } from 'vitest';
import { makePng, makeWav } from '../../helpers/labelingMedia.js';
import { useBoth } from '../differential/both.js';
import type { Side } from '../differential/targets.js';
import { createPair, expectSameTasks, IMAGE_CONFIG, TEXT_CONFIG, type ProjectPair } from './projectPair.js';

/* Imports of uploaded files against Label Studio: every accepted type, the two-step flow, uploads. */

type Files = [name: string, content: string | Buffer, type?: string][];

function form(files: Files): FormData {
  const data = new FormData();
  files.forEach(([name, content, type], index) =>
    data.append(
      `file${index}`,
      new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: type ?? '' }),
      name,
    ),
  );
  return data;
}

const AUDIO_CONFIG = '<View><Audio name="audio" value="$audio"/><TextArea name="t" toName="audio"/></View>';

describe('file imports, Outpost against Label Studio', () => {
  const both = useBoth();

  async function fileCase(what: string, files: Files, config = TEXT_CONFIG, query = ''): Promise<ProjectPair> {
    const project = await createPair(both, config, what.slice(0, 50).padEnd(3, '.'));
    // data_columns is a Python set there: its order changes from one run of Label Studio to the next.
    await both.expectSame(
      `${what}: the answer`,
      'POST',
      project.path(`/import${query}`),
      () => ({ multipart: form(files) }),
      { unordered: ['body.data_columns'], known: what === 'broken JSON file' ? ['json-file-error-wording'] : [] },
    );
    await expectSameTasks(both, project, what, what.startsWith('CSV') ? { tolerate: ['csv-float-column-ints'] } : {});
    return project;
  }

  it('reads JSON, JSON lines, CSV, TSV, TXT and HTML files', async () => {
    await fileCase('a JSON list', [
      ['tasks.json', JSON.stringify([{ text: 'a' }, { data: { text: 'b' }, meta: { m: 1 } }])],
    ]);
    await fileCase('a JSON object', [['one.json', JSON.stringify({ text: 'alone' })]]);
    await fileCase('JSON lines', [['lines.jsonl', '{"text": "a"}\n{"text": "b"}\n']]);
    await fileCase('CSV', [['t.csv', 'text,score,empty\n"hello, world",1.5,\n"say ""hi""",2,x\nnaïve,,\n']]);
    await fileCase('CSV with semicolons', [['t.csv', 'text;n\na;1\nb;2\n']]);
    await fileCase('CSV with a newline in a cell', [['t.csv', 'text,n\n"two\nlines",3\n']]);
    await fileCase('TSV', [['t.tsv', 'text\tn\na\t1\nb\t2\n']]);
    await fileCase('TXT', [['t.txt', 'first line\nsecond line\n\nfourth\n']]);
    await fileCase(
      'HTML',
      [['page.html', '<p>Hello <b>there</b></p>']],
      '<View><HyperText name="text" value="$text"/></View>',
    );
    await fileCase('two files', [
      ['a.json', JSON.stringify([{ text: 'a' }])],
      ['b.csv', 'text\nb\n'],
    ]);
  });

  it('makes one task per media file, served at /data/upload', async () => {
    const project = await fileCase(
      'images',
      [
        ['red.png', makePng(3, 2), 'image/png'],
        ['blue.png', makePng(4, 4), 'image/png'],
      ],
      IMAGE_CONFIG,
    );
    const tasks = await both.ok<{ tasks: { data: { image: string } }[] }>(
      'GET',
      (side) => `/api/tasks/?project=${project.ids[side]}`,
    );
    await both.expectSame('an uploaded image', 'GET', (side: Side) => tasks[side].tasks[0]!.data.image);
    await fileCase('audio', [['tone.wav', makeWav(0.1), 'audio/wav']], AUDIO_CONFIG);
  });

  it('refuses what Label Studio refuses', async () => {
    await fileCase('an unsupported extension', [['run.exe', 'MZ']]);
    await fileCase('inconsistent files', [
      ['a.json', JSON.stringify([{ text: 'a' }])],
      ['b.json', JSON.stringify([{ other: 'b' }])],
    ]);
    await fileCase(
      'a media file for two data keys',
      [['x.png', makePng(2, 2), 'image/png']],
      TEXT_CONFIG.replace('</View>', '<Image name="i" value="$img"/></View>'),
    );
    await fileCase('broken JSON file', [['bad.json', '[{"text": ']]);
    await fileCase('an empty CSV', [['empty.csv', '']]);
    await fileCase('a CSV whose quote never closes', [['t.csv', 'text\n"hello, world\nsecond\n']]);
    await fileCase('a TSV whose quote never closes', [['t.tsv', 'text\nfine\n\n"open\n']]);
    await fileCase('a CSV without the data column', [['t.csv', 'other\nx\n']]);
  });

  it('refuses an empty image, of which Label Studio makes a task', async () => {
    const project = await createPair(both, IMAGE_CONFIG, 'Empty image');
    await both.expectSame(
      'an empty PNG',
      'POST',
      project.path('/import'),
      () => ({ multipart: form([['empty.png', Buffer.alloc(0), 'image/png']]) }),
      { known: ['empty-single-file'] },
    );
  });

  it('downloads url= imports, or refuses a loopback address, as Label Studio does', async () => {
    const server = createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify([{ text: 'from a URL' }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const loopback = await createPair(both, TEXT_CONFIG, 'URL import');
      await both.expectSame(
        'url= on loopback',
        'POST',
        loopback.path('/import'),
        { form: { url: `http://127.0.0.1:${port}/tasks.json` } },
        { known: ['import-url-ssrf'] },
      );
      for (const url of ['ftp://example.org/x.json', 'not a url']) {
        const project = await createPair(both, TEXT_CONFIG, 'URL import');
        await both.expectSame(`url=${url}`, 'POST', project.path('/import'), { form: { url } });
        await expectSameTasks(both, project, `url=${url}`);
      }
      const project = await createPair(both, TEXT_CONFIG, 'Inline JSON');
      await both.expectSame('url= holding JSON', 'POST', project.path('/import'), {
        form: { url: '[{"text": "inline"}]' },
      });
      await expectSameTasks(both, project, 'url= holding JSON');
      await both.expectSame(
        'url= holding single-quoted JSON',
        'POST',
        project.path('/import'),
        { form: { url: "[{'text': 'inline'}]" } },
        { known: ['json-file-error-wording'] },
      );
      await both.expectSame('no url', 'POST', project.path('/import'), { form: { other: 'x' } });
    } finally {
      server.close();
    }
  });

  it('keeps uploads without tasks, then makes them with /reimport', async () => {
    for (const listed of [true, false]) {
      const project = await fileCase(
        `not committed, list ${listed}`,
        [['t.csv', 'text\na\nb\n']],
        TEXT_CONFIG,
        '?commit_to_project=false',
      );
      const uploads = await both.ok<{ id: number }[]>('GET', project.path('/file-uploads?all=true'));
      await both.expectSame('the uploads', 'GET', project.path('/file-uploads?all=true'));
      await both.expectSame(
        'uploads by id',
        'GET',
        (side) => `${project.path('/file-uploads')(side)}?ids=[${uploads[side][0]!.id}]`,
      );
      await both.expectSame(`reimport, list ${listed}`, 'POST', project.path('/reimport'), (side) => ({
        json: { file_upload_ids: uploads[side].map((upload) => upload.id), files_as_tasks_list: listed },
      }));
      await expectSameTasks(both, project, `reimported, list ${listed}`);
      await both.expectSame('one upload', 'GET', (side) => `/api/import/file-upload/${uploads[side][0]!.id}`);
      await both.expectSame('delete the uploads', 'DELETE', project.path('/file-uploads'), { json: {} });
    }
    const project = await createPair(both, TEXT_CONFIG);
    await both.expectSame('reimport nothing', 'POST', project.path('/reimport'), { json: { file_upload_ids: [] } });
  });
});
