import { describe, expect, it } from 'vitest';
import { listExportTaskPage } from '../../electron/core/db/repos/exportTasksRepo.js';
import { isCanonicalJson } from '../../electron/core/domain/export/encode/canonicalJson.js';
import {
  encodeJson,
  encodeParsedJson,
  encodeStoredJson,
  PY_JSON,
  PY_JSON_ASCII,
  UJSON_COMPACT,
  UJSON_INDENT2,
  UJSON_INDENT2_ASCII,
} from '../../electron/core/domain/export/encode/pyJson.js';
import { encodeExportTasksUjson } from '../../electron/core/domain/export/tasks/encodeExportTasks.js';
import { serializeExportTasks } from '../../electron/core/domain/export/tasks/serializeExportTasks.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The export writes stored JSON text as it is when it is already spelled as JSON.stringify spells
 * it, instead of parsing and re-encoding it. These texts are chosen to trip that shortcut: each must
 * come out byte for byte as the parse-and-encode path writes it, in every style.
 */
const TRICKY_TEXTS = [
  JSON.stringify({ text: 'héllo wörld 日本語 😀', n: 1.5, tiny: 1e-7, big: 1e21, neg: -3 }),
  JSON.stringify({ html: '</script><script>alert(1)</script>', path: 'a/b/c', url: 'https://x.test/?q=1&r=2' }),
  JSON.stringify({ controls: 'tab\tnew\nline\r"quote" back\\slash \u0001 \u001f del\u007f', sep: '\u2028\u2029' }),
  JSON.stringify({ nested: { b: [1, [2, [3, { z: null, a: true, m: false }]]], a: {} }, empty: [] }),
  JSON.stringify({ lone: '\ud800', pair: '\ud83d\ude00' }),
  JSON.stringify({ small: 0.00001, other: 0.5 }),
  JSON.stringify({ __proto__key: 1, ['__proto__']: { x: 1 } }),
  JSON.stringify({ '10': 'a', b: 1, '2': 'c' }),
  '{"b":1,"a":2,"1x":3}',
  '{"float":1.0,"four":4.0,"zero":-0,"exp":1e5,"Exp":1E5,"plus":1e+5}',
  '{"huge":12345678901234567890,"safe":9007199254740993,"neg":-12345678901234567890}',
  '{"escaped":"\\u00e9\\u0041\\/\\ud83d\\ude00","upper":"\\u00E9"}',
  '{"dup":1,"x":2,"dup":3}',
  '{ "spaced" : [ 1 , 2 ] }',
  '{"10":1,"9":2,"a":3}',
  '{"$undefined$":"x","a":1}',
  '{"a":"$undefined$"}',
  '[1,2,{"b":1,"a":2}]',
  '[]',
  '{}',
  '"just a string/with slash"',
  '42',
  '1.0',
  'null',
  `${'['.repeat(100)}${']'.repeat(100)}`,
  `{"many":{${Array.from({ length: 80 }, (_, i) => `"k${i}":${i}`).join(',')}}}`,
];

const STYLES = { UJSON_COMPACT, UJSON_INDENT2, UJSON_INDENT2_ASCII, PY_JSON, PY_JSON_ASCII };

describe('stored JSON written without re-encoding', () => {
  it.each(Object.entries(STYLES))('gives the parse-and-encode bytes in %s', (_, style) => {
    for (const text of TRICKY_TEXTS) {
      expect(encodeStoredJson(text, style), text).toBe(encodeParsedJson(JSON.parse(text) as unknown, style));
    }
  });

  it('only calls a text canonical when JSON.stringify would give it back', () => {
    for (const text of TRICKY_TEXTS) {
      if (isCanonicalJson(text)) expect(JSON.stringify(JSON.parse(text)), text).toBe(text);
    }
    const refused = ['{"float":1.0}', '{"a":1,"a":2}', '{"2":1,"1":2}', '{"e":"\\u00e9"}', '{"s":"\\/"}', '{ }'];
    for (const text of refused) expect(isCanonicalJson(text), text).toBe(false);
  });

  it('takes the shortcut for what Outpost stores (JSON.stringify output)', () => {
    const stored = [
      TRICKY_TEXTS[0]!,
      TRICKY_TEXTS[1]!,
      TRICKY_TEXTS[3]!,
      JSON.stringify({ text: 'tab\tnew\nline\r"quote" back\\slash \u007f \u2028', index: 1 }),
    ];
    for (const text of stored) expect(isCanonicalJson(text), text).toBe(true);
  });

  it('throws on invalid stored JSON as the parse-and-encode path does', () => {
    for (const text of ['{"a":1,}', '{"a":1', '[1 2]', '', '{"a":1}x']) {
      expect(() => encodeStoredJson(text, UJSON_COMPACT), text).toThrow(SyntaxError);
    }
  });

  it('writes whole tasks exactly as encoding the serialized task objects does', async () => {
    const t = await createTestApp();
    const created = await t.withToken('/api/projects/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Tricky', label_config: '<View><Text name="text" value="$text"/></View>' }),
    });
    const project = ((await created.json()) as { id: number }).id;
    const now = '2026-01-15T10:00:00.000000Z';
    const insertTask = t.db.prepare(
      'INSERT INTO tasks (project, inner_id, data, meta, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const insertAnnotation = t.db.prepare(
      `INSERT INTO annotations (task, project, unique_id, result, completed_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    TRICKY_TEXTS.forEach((text, i) => {
      const task = Number(insertTask.run(project, i + 1, text, text, now, now).lastInsertRowid);
      insertAnnotation.run(task, project, `u${i}`, text, t.userId, now, now);
    });
    const rows = listExportTaskPage(t.db, { project, ids: null, conditions: [] }, 0, 1000);
    expect(rows.length).toBe(TRICKY_TEXTS.length);
    const serialization = {
      completedBy: 'id',
      drafts: 'object',
      predictions: 'id',
      keepAnnotation: null,
      dataTypes: { text: 'Text' },
      now: new Date(now),
    } as const;
    const fast = encodeExportTasksUjson(t.db, rows, serialization).join(',');
    const objects = serializeExportTasks(t.db, rows, serialization).map((task) => encodeJson(task, UJSON_COMPACT));
    expect(fast).toBe(objects.join(','));
  });
});
