import { describe, expect, it } from 'vitest';
import { exportFormatListSchema, type ExportFormat } from '../../shared/api/exports.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp } from '../helpers/testApp.js';

const CONVERTER_ORDER = [
  'JSON', 'JSON_MIN', 'CSV', 'TSV', 'CONLL2003', 'COCO', 'COCO_WITH_IMAGES', 'VOC', 'YOLO', 'YOLO_WITH_IMAGES',
  'YOLO_OBB', 'YOLO_OBB_WITH_IMAGES', 'BRUSH_TO_NUMPY', 'BRUSH_TO_PNG', 'ASR_MANIFEST', 'BRUSH_TO_COCO',
]; // prettier-ignore
const IMAGE_DETECTION = ['COCO', 'COCO_WITH_IMAGES', 'YOLO', 'YOLO_WITH_IMAGES', 'YOLO_OBB', 'YOLO_OBB_WITH_IMAGES'];
const ALWAYS = ['JSON', 'JSON_MIN', 'CSV', 'TSV'];

/** Parsed strictly with the shared schema the renderer reads the list with. */
type Format = ExportFormat;

async function formatsFor(config: string): Promise<Format[]> {
  const t = await createTestApp();
  const created = await t.withToken('/api/projects', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Formats', label_config: config }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const response = await t.withToken(`/api/projects/${id}/export/formats`);
  expect(response.status).toBe(200);
  return exportFormatListSchema.parse(await response.json());
}

function enabledNames(formats: Format[]): string[] {
  return formats.filter((format) => !format.disabled).map((format) => format.name);
}

/** Enabled first, then disabled, each group in the converter's order; `disabled` only when true. */
function expectListShape(formats: Format[]) {
  const enabled = formats.filter((format) => !('disabled' in format));
  const disabled = formats.filter((format) => 'disabled' in format);
  expect(formats.map((format) => format.name)).toEqual([...enabled, ...disabled].map((format) => format.name));
  for (const group of [enabled, disabled]) {
    const order = group.map((format) => CONVERTER_ORDER.indexOf(format.name));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  }
  expect(formats.map((format) => format.name).sort()).toEqual([...CONVERTER_ORDER].sort());
  for (const format of disabled) expect(format.disabled).toBe(true);
}

describe('GET /api/projects/{id}/export/formats', () => {
  it('enables only the four tabular formats for text classification, in LS key order', async () => {
    const formats = await formatsFor(
      '<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="A"/></Choices></View>',
    );
    expectListShape(formats);
    expect(enabledNames(formats)).toEqual(ALWAYS);
    expect(formats[0]).toEqual({
      title: 'JSON',
      description:
        "List of items in raw JSON format stored in one JSON file. Use to export both the data and the annotations for a dataset. It's Label Studio Common Format",
      link: 'https://labelstud.io/guide/export.html#JSON',
      name: 'JSON',
    });
    expect(Object.keys(formats[0]!)).toEqual(['title', 'description', 'link', 'name']);
    for (const format of formats.slice(0, 4)) expect(format).not.toHaveProperty('tags');
    const coco = formats.find((format) => format.name === 'COCO')!;
    expect(Object.keys(coco)).toEqual(['title', 'description', 'link', 'tags', 'name', 'disabled']);
    expect(coco).toEqual({
      title: 'COCO',
      description:
        'Popular machine learning format used by the COCO dataset for object detection and image segmentation tasks with polygons and rectangles.',
      link: 'https://labelstud.io/guide/export.html#COCO',
      tags: ['image segmentation', 'object detection', 'keypoints'],
      name: 'COCO',
      disabled: true,
    });
  });

  it("gives Label Studio's titles", async () => {
    const formats = await formatsFor('<View></View>');
    const titles = Object.fromEntries(formats.map((format) => [format.name, format.title]));
    expect(titles).toMatchObject({
      JSON: 'JSON',
      JSON_MIN: 'JSON-MIN',
      VOC: 'Pascal VOC XML',
      YOLO_OBB: 'YOLOv8 OBB',
      COCO_WITH_IMAGES: 'COCO with Images',
      YOLO_WITH_IMAGES: 'YOLO with Images',
      YOLO_OBB_WITH_IMAGES: 'YOLOv8 OBB with Images',
      BRUSH_TO_NUMPY: 'Brush labels to NumPy',
      BRUSH_TO_PNG: 'Brush labels to PNG',
      ASR_MANIFEST: 'ASR Manifest',
      BRUSH_TO_COCO: 'Brush labels to COCO',
    });
    expect(enabledNames(formats)).toEqual(ALWAYS);
  });

  it.each([
    ['NER adds CONLL2003', '<View><Labels name="l" toName="t"><Label value="PER"/></Labels><Text name="t" value="$text"/></View>', [...ALWAYS, 'CONLL2003']],
    ['image rectangles add COCO, VOC, YOLO and OBB', '<View><Image name="i" value="$image"/><RectangleLabels name="r" toName="i"><Label value="Cat"/></RectangleLabels></View>', [...ALWAYS, 'COCO', 'COCO_WITH_IMAGES', 'VOC', 'YOLO', 'YOLO_WITH_IMAGES', 'YOLO_OBB', 'YOLO_OBB_WITH_IMAGES']],
    ['image polygons: no VOC', '<View><Image name="i" value="$image"/><PolygonLabels name="p" toName="i"><Label value="Cat"/></PolygonLabels></View>', [...ALWAYS, ...IMAGE_DETECTION]],
    ['keypoints without rectangles keep only the OBB formats', '<View><Image name="i" value="$image"/><KeyPointLabels name="k" toName="i"><Label value="Nose"/></KeyPointLabels></View>', [...ALWAYS, 'YOLO_OBB', 'YOLO_OBB_WITH_IMAGES']],
    ['brushes add the brush formats', '<View><Image name="i" value="$image"/><BrushLabels name="b" toName="i"><Label value="Cat"/></BrushLabels></View>', [...ALWAYS, 'BRUSH_TO_NUMPY', 'BRUSH_TO_PNG', 'BRUSH_TO_COCO']],
    ['audio transcription adds ASR_MANIFEST', '<View><Audio name="a" value="$audio"/><TextArea name="t" toName="a"/></View>', [...ALWAYS, 'ASR_MANIFEST']],
    ['two data keys leave the four tabular formats', '<View><Image name="i" value="$image"/><Text name="t" value="$text"/><RectangleLabels name="r" toName="i"><Label value="Cat"/></RectangleLabels><Choices name="c" toName="t"><Choice value="A"/></Choices></View>', ALWAYS],
    ['an object no control points at is not a data key', '<View><Image name="i" value="$image"/><Text name="t" value="$text"/><PolygonLabels name="p" toName="i"><Label value="Cat"/></PolygonLabels></View>', [...ALWAYS, ...IMAGE_DETECTION]],
    ['a url-valued Text is not a text input', '<View><Labels name="l" toName="t"><Label value="PER"/></Labels><Text name="t" value="$text" valueType="url"/></View>', ALWAYS],
  ])('%s', async (_name, config, expected) => {
    const formats = await formatsFor(config);
    expectListShape(formats);
    expect(enabledNames(formats)).toEqual(expected);
  }); // prettier-ignore

  it('answers 404 for an unknown project', async () => {
    const t = await createTestApp();
    await expectEnvelope(
      await t.withToken('/api/projects/999/export/formats'),
      404,
      'No Project matches the given query.',
    );
  });
});
