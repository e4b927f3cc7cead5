import { describe, expect, it } from 'vitest';
import { listTemplates, type Template } from '../../electron/core/domain/templates/listTemplates.js';
import {
  acceptedDataTypes,
  analyzeLabelConfig,
  parseXml,
  validateLabelConfig,
  type XmlElement,
} from '../../shared/label-config/index.js';
import { generateSampleTask } from '../../shared/label-config/sampleTask.js';
import { listTemplates as listCatalog } from '../../renderer/src/api/templates.js';
import { BUNDLED_EDITOR_TAGS as BUNDLED_TAGS } from '../../shared/api/editor.js';
import { templateCatalogSchema } from '../../shared/api/templates.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

const GROUPS = [
  'Computer Vision',
  'Natural Language Processing',
  'Audio & Speech',
  'Video',
  'Conversational AI',
  'Documents & Structured Data',
  'Time Series',
  'Ranking & Scoring',
];

/**
 * Tags registered by the editor Outpost bundles (checked against its build by
 * test/renderer/bundledEditorTags.test.ts), plus Repeater, which it expands while parsing. Its
 * List and Ranker are left out on purpose: they are older tags with other attributes than today's
 * List + Ranker pair.
 */
const BUNDLED_EDITOR_TAGS = new Set([...BUNDLED_TAGS, 'repeater']);

function allElements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(allElements)];
}

/** Python's type name for a JSON value, as Label Studio's task data check sees it. */
function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value === 'object' ? 'dict' : typeof value;
}

/** Label Studio's TaskValidator lookup: Repeater keys must be lists, dotted keys are nested. */
function problemsWithSampleData(template: Template): string[] {
  const problems: string[] = [];
  for (const [key, tag] of Object.entries(analyzeLabelConfig(template.config).data_types)) {
    const isRepeater = key.includes('[');
    const path = (key.split('[')[0] ?? '').split('.');
    const value = path.reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      template.sample_data,
    );
    const accepted = isRepeater ? ['list'] : acceptedDataTypes(tag);
    if (value === undefined) problems.push(`"${key}" missing`);
    else if (!accepted.includes(pythonType(value) as never)) problems.push(`"${key}" is ${pythonType(value)}`);
  }
  return problems;
}

/** Every string in a value, percent-decoded byte by byte so URIs nested in HTML are read too. */
function decodedStrings(value: unknown): string[] {
  if (typeof value === 'string') {
    return [value.replace(/%[0-9A-F]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))];
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(decodedStrings);
  return [];
}

describe('GET /api/templates/', () => {
  it('needs a token like every /api route', async () => {
    const t = await createTestApp();
    await expectEnvelope(await t.request('/api/templates/'), 401, 'Authentication credentials were not provided.');
  });

  it('returns {templates, groups} on both URL forms and refuses other methods', async () => {
    const t = await createTestApp();
    for (const path of ['/api/templates/', '/api/templates']) {
      const response = await t.withToken(path);
      expect(response.status).toBe(200);
      // Strictly the shared wire shape, which the project setup screen reads it with.
      const body = templateCatalogSchema.parse(await response.json());
      expect(Object.keys(body)).toEqual(['templates', 'groups']);
      expect(body.groups).toEqual(GROUPS);
      expect(body.templates).toEqual(listTemplates());
      expect(await listCatalog(rendererClient(t))).toEqual(body);
    }
    await expectEnvelope(await t.withToken('/api/templates/', { method: 'POST' }), 405, 'Method "POST" not allowed.');
  });

  it('lists at least 25 templates with Label Studio fields, unique titles, every group covered in order', () => {
    const templates = listTemplates();
    expect(templates.length).toBeGreaterThanOrEqual(25);
    for (const template of templates) {
      expect(Object.keys(template)).toEqual([
        'title',
        'type',
        'group',
        'image',
        'details',
        'config',
        'sample_data',
        'bundled_editor',
      ]);
      expect(template.type).toBe('community');
      expect(template.title.length).toBeGreaterThan(3);
      expect(template.details.length).toBeGreaterThan(20);
      expect(template.image).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    }
    expect(new Set(templates.map((template) => template.title)).size).toBe(templates.length);
    const groupsInOrder = templates
      .map((template) => template.group)
      .filter((group, index, all) => group !== all[index - 1]);
    expect(groupsInOrder).toEqual(GROUPS);
  });

  it('has only configs that pass Label Studio validation', () => {
    const failures = listTemplates()
      .map((template) => [template.title, validateLabelConfig(template.config)])
      .filter(([, error]) => error !== null);
    expect(failures).toEqual([]);
  });

  it('gives every template sample data holding each data key with a type the object tag accepts', () => {
    const problems = listTemplates()
      .map((template) => [template.title, problemsWithSampleData(template)] as const)
      .filter(([, found]) => found.length > 0);
    expect(problems).toEqual([]);
  });

  it('keeps sample data offline: inline data URIs or relative file names, never internet URLs', () => {
    for (const template of listTemplates()) {
      for (const text of decodedStrings(template.sample_data)) {
        expect(text.replaceAll('xmlns="http://www.w3.org/2000/svg"', ''), template.title).not.toMatch(
          /https?:|\/\/[a-z]/i,
        );
      }
    }
  });

  it('flags exactly the templates the bundled 1.4.0 editor cannot render', () => {
    for (const template of listTemplates()) {
      const elements = allElements(parseXml(template.config));
      const isSupported =
        elements.every((element) => BUNDLED_EDITOR_TAGS.has(element.tag.toLowerCase())) &&
        // 1.4.0 resolves `$a.b` paths but not Repeater's `$a[{{idx}}].b`.
        elements.every((element) => !(element.attributes.value ?? '').includes('['));
      expect(template.bundled_editor, template.title).toBe(isSupported);
    }
    expect(listTemplates().filter((template) => template.bundled_editor).length).toBeGreaterThanOrEqual(28);
  });

  it('covers the tags a gallery should teach', () => {
    const tags = new Set(
      listTemplates().flatMap((template) => allElements(parseXml(template.config)).map((e) => e.tag)),
    );
    for (const tag of [
      'RectangleLabels',
      'PolygonLabels',
      'KeyPointLabels',
      'BrushLabels',
      'EllipseLabels',
      'TextArea',
      'Labels',
      'Relations',
      'Taxonomy',
      'Audio',
      'AudioPlus',
      'Video',
      'VideoRectangle',
      'TimelineLabels',
      'TimeSeriesLabels',
      'Channel',
      'Pairwise',
      'List',
      'Ranker',
      'HyperTextLabels',
      'ParagraphLabels',
      'Table',
      'Rating',
      'Number',
      'DateTime',
      'Repeater',
    ]) {
      expect(tags.has(tag), tag).toBe(true);
    }
  });

  it('agrees with the sample-task generator: generated data covers the same keys', () => {
    for (const template of listTemplates()) {
      const generated = generateSampleTask(parseXml(template.config));
      expect(problemsWithSampleData({ ...template, sample_data: generated }), template.title).toEqual([]);
    }
  });
});
