import { readFileSync } from 'node:fs';
import { makePng, makeWav } from '../../helpers/labelingMedia.js';
import type { Both } from '../differential/both.js';
import type { Pair } from '../differential/compare.js';
import { createPair, type ProjectPair } from './projectPair.js';

/*
 * The projects the export cases compare, made the same way, in the same order, on a fresh Label
 * Studio and a fresh Outpost: every row then gets the same id on both servers, so the export
 * bytes can be compared as they are, with only times and random upload prefixes taken out.
 */

const NER_CONFIG =
  '<View><Text name="text" value="$text"/><Labels name="ner" toName="text"><Label value="PER"/><Label value="ORG"/></Labels>' +
  '<Choices name="sentiment" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices>' +
  '<Number name="stars" toName="text"/></View>';

const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/>' +
  '<RectangleLabels name="box" toName="image"><Label value="Cat"/><Label value="Dog"/></RectangleLabels>' +
  '<PolygonLabels name="poly" toName="image"><Label value="Cat"/></PolygonLabels>' +
  '<KeyPointLabels name="kp" toName="image"><Label value="Eye"/></KeyPointLabels>' +
  '<BrushLabels name="brush" toName="image"><Label value="Cat"/><Label value="Bg/x"/></BrushLabels></View>';

const AUDIO_CONFIG = '<View><Audio name="audio" value="$audio"/><TextArea name="transcription" toName="audio"/></View>';

const span = (start: number, end: number, text: string, label: string, id: string) => ({
  id,
  from_name: 'ner',
  to_name: 'text',
  type: 'labels',
  value: { start, end, text, labels: [label] },
});
const sentiment = (value: string) => ({
  from_name: 'sentiment',
  to_name: 'text',
  type: 'choices',
  value: { choices: [value] },
});
const stars = (value: number) => ({ from_name: 'stars', to_name: 'text', type: 'number', value: { number: value } });

const TEXT_TASKS = [
  {
    data: { text: 'Angela Merkel met Acme Corp, "twice", in Zürich.' },
    annotations: [
      {
        result: [
          span(0, 13, 'Angela Merkel', 'PER', 'a1'),
          span(18, 27, 'Acme Corp', 'ORG', 'a2'),
          span(7, 13, 'Merkel', 'PER', 'a3'),
          sentiment('pos'),
          stars(Number('167.75393676757812')), // a float32-derived value Python prints in full
        ],
        lead_time: 12.345678901234567,
      },
      { result: [sentiment('neg'), stars(-2.5e-7)], was_cancelled: true },
    ],
    predictions: [{ result: [sentiment('pos')], score: 0.1 + 0.2, model_version: 'v1' }],
  },
  { data: { text: 'A line\nwith, commas; and "quotes" — ✓' }, annotations: [{ result: [stars(1e21)], lead_time: 3 }] },
  { data: { text: 'Nobody labeled this one.' } },
];

/** A 12×8 brush mask in Label Studio's RLE (from test/fixtures/export/image/brush). */
function brushRle(): number[] {
  const fixture = JSON.parse(
    readFileSync(new URL('../../fixtures/export/image/brush/export.json', import.meta.url), 'utf8'),
  ) as { annotations: { result: { value: { rle?: number[] } }[] }[] }[];
  return fixture[0]!.annotations[0]!.result[0]!.value.rle!;
}

function imageResults(width: number, height: number): unknown[] {
  const size = { original_width: width, original_height: height, image_rotation: 0 };
  const shapes = [
    {
      ...size,
      id: 'r1',
      from_name: 'box',
      to_name: 'image',
      type: 'rectanglelabels',
      value: { x: 12.345678901234567, y: 20, width: 33.3333, height: 25.5, rotation: 15.5, rectanglelabels: ['Cat'] },
    },
    {
      ...size,
      id: 'r2',
      from_name: 'box',
      to_name: 'image',
      type: 'rectanglelabels',
      value: { x: 50, y: 50, width: 10, height: 10, rotation: 0, rectanglelabels: ['Dog'] },
    },
    {
      ...size,
      id: 'p1',
      from_name: 'poly',
      to_name: 'image',
      type: 'polygonlabels',
      value: {
        points: [
          [10.5, 10.5],
          [50, 12.5],
          [37.5, 62.5],
        ],
        polygonlabels: ['Cat'],
        closed: true,
      },
    },
    {
      ...size,
      id: 'k1',
      from_name: 'kp',
      to_name: 'image',
      type: 'keypointlabels',
      value: { x: 25.25, y: 75.75, width: 0.5, keypointlabels: ['Eye'] },
    },
  ];
  // The mask is 12×8: only the image of that size gets it.
  const mask = { format: 'rle', rle: brushRle(), brushlabels: ['Cat'] };
  const brush = { ...size, id: 'b1', from_name: 'brush', to_name: 'image', type: 'brushlabels', value: mask };
  return width === 12 && height === 8 ? [...shapes, brush] : shapes;
}

export interface ExportProjects {
  text: ProjectPair;
  image: ProjectPair;
  audio: ProjectPair;
}

async function upload(both: Both, project: ProjectPair, files: [string, Buffer][]): Promise<Pair<number[]>> {
  await both.ok(
    'POST',
    project.path('/import'),
    () => {
      const form = new FormData();
      for (const [name, bytes] of files) form.append(name, new Blob([new Uint8Array(bytes)]), name);
      return { multipart: form };
    },
    201,
  );
  const tasks = await both.ok<{ tasks: { id: number }[] }>('GET', (side) => `/api/tasks/?project=${project.ids[side]}`);
  return { ls: tasks.ls.tasks.map((task) => task.id), outpost: tasks.outpost.tasks.map((task) => task.id) };
}

export async function createExportProjects(both: Both): Promise<ExportProjects> {
  const text = await createPair(both, NER_CONFIG, 'Export text');
  await both.ok('POST', text.path('/import'), { json: TEXT_TASKS }, 201);

  const image = await createPair(both, IMAGE_CONFIG, 'Export images');
  const images = await upload(both, image, [
    ['cat.png', makePng(12, 8)],
    ['dog park.png', makePng(16, 10)],
  ]);
  for (const [index, [width, height]] of [
    [12, 8],
    [16, 10],
  ].entries()) {
    await both.ok(
      'POST',
      (side) => `/api/tasks/${images[side][index]}/annotations/`,
      { json: { result: imageResults(width!, height!) } },
      201,
    );
  }

  const audio = await createPair(both, AUDIO_CONFIG, 'Export audio');
  const clips = await upload(both, audio, [['tone.wav', makeWav(0.1)]]);
  const transcription = {
    from_name: 'transcription',
    to_name: 'audio',
    type: 'textarea',
    value: { text: ['hello, "world"'] },
  };
  await both.ok(
    'POST',
    (side) => `/api/tasks/${clips[side][0]}/annotations/`,
    { json: { result: [transcription] } },
    201,
  );
  return { text, image, audio };
}
