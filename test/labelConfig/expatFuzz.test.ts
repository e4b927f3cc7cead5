import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ourXmlVerdict } from '../helpers/xmlVerdict.js';

/**
 * Label Studio's verdict on 4,000 random small documents (tags, attributes, references, comments,
 * processing instructions, CDATA, declarations, signs, names in and out of XML's name classes,
 * forbidden characters, CR and LF), recorded from its own parser by
 * test/fixtures/labelConfigs/recordExpatFuzz.py. The hand-picked cases are in expatOracle.test.ts.
 */
const CORPUS = JSON.parse(
  readFileSync(new URL('../fixtures/labelConfigs/expatFuzz.json', import.meta.url), 'utf8'),
) as { expat: string; seed: number; cases: { xml: string; verdict: string }[] };

describe("label config XML: Label Studio's verdicts on random documents", () => {
  it('covers well-formed documents and every kind of refusal', () => {
    const kinds = new Set(CORPUS.cases.map(({ verdict }) => verdict.split(':')[0]!.split('(')[0]));
    expect(CORPUS.cases).toHaveLength(4000);
    expect(CORPUS.cases.filter(({ verdict }) => verdict === 'ok').length).toBeGreaterThan(300);
    for (const kind of [
      'not well-formed ',
      'syntax error',
      'junk after document element',
      'mismatched tag',
      'unclosed token',
      'unclosed CDATA section',
      'undefined entity',
      'unbound prefix',
      'reference to invalid character number',
      'XML or text declaration not at start of entity',
      'illegal parameter entity reference',
      'no element found',
      'DTDForbidden',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('gives every verdict word for word, position included', () => {
    const wrong = CORPUS.cases
      .map(({ xml, verdict }) => ({ xml, verdict, ours: ourXmlVerdict(xml) }))
      .filter(({ verdict, ours }) => ours !== verdict);
    expect(wrong).toEqual([]);
  });
});
