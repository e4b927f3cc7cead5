import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parseXml, XmlDtdForbiddenError, XmlSyntaxError } from '../../shared/label-config/xml.js';
import { ourXmlVerdict } from '../helpers/xmlVerdict.js';
import { serializeXml } from '../../shared/label-config/xmlTree.js';

/**
 * Label Studio's verdict on each document, recorded from its own parse (defusedxml over Python's
 * expat 2.5, `fromstring(config, forbid_dtd=True)`) by test/fixtures/labelConfigs/recordExpatOracle.py:
 * the error text it returns to the client, or 'ok'.
 */
const ORACLE = JSON.parse(
  readFileSync(new URL('../fixtures/labelConfigs/expatOracle.json', import.meta.url), 'utf8'),
) as { expat: string; cases: { xml: string; verdict: string; tostring?: string }[] };

/**
 * fast-xml-parser's validator, its error worded as expat words positions (columns from 0). It comes
 * with @google-cloud/storage and @azure/storage-blob, not as Outpost's own: used here only to show
 * what a maintained JS parser says.
 */
function fastXmlParserVerdict(xml: string): string {
  const result = XMLValidator.validate(xml);
  return result === true ? 'ok' : `${result.err.msg}: line ${result.err.line}, column ${result.err.col - 1}`;
}

const DTD_CASES = ORACLE.cases.filter((entry) => entry.verdict.startsWith('DTDForbidden('));

/** Why shared/label-config/xml.ts is hand-written rather than a JS XML library. */
describe("label config XML: Label Studio's expat verdicts, which no JS parser gives", () => {
  it('Outpost gives every recorded verdict word for word, position included', () => {
    expect(ORACLE.expat).toBe('expat_2.5.0');
    expect(ORACLE.cases.length).toBeGreaterThan(150);
    const wrong = ORACLE.cases
      .filter(({ xml, verdict }) => ourXmlVerdict(xml) !== verdict)
      .map(({ xml, verdict }) => ({ xml, verdict, ours: ourXmlVerdict(xml) }));
    expect(wrong).toEqual([]);
  });

  it("writes the tree back as ElementTree's tostring does, the text Label Studio scans for names", () => {
    // ElementTree expands namespaces and writes ns0: prefixes; Outpost keeps the document's own.
    const written = ORACLE.cases.filter(({ xml, tostring }) => tostring !== undefined && !xml.includes('xmlns'));
    expect(written.length).toBeGreaterThanOrEqual(20);
    expect(written.filter(({ xml, tostring }) => serializeXml(parseXml(xml)) !== tostring)).toEqual([]);
  });

  it('fast-xml-parser, a maintained JS parser, gives another verdict on a third and the same text on none', () => {
    const verdicts = ORACLE.cases.map(({ xml, verdict }) => ({ verdict, theirs: fastXmlParserVerdict(xml) }));
    const otherVerdict = verdicts.filter(({ verdict, theirs }) => (verdict === 'ok') !== (theirs === 'ok'));
    expect(otherVerdict.length).toBeGreaterThan(ORACLE.cases.length / 3);
    const sameError = verdicts.filter(({ verdict, theirs }) => verdict !== 'ok' && theirs === verdict);
    expect(sameError).toEqual([]);
    // Where both refuse, the reason reads otherwise: expat's "mismatched tag" at the end tag's name.
    expect(fastXmlParserVerdict('<a></b>')).toBe(
      "Expected closing tag 'a' (opened in line 1, col 1) instead of closing tag 'b'.: line 1, column 3",
    );
  });

  it('fast-xml-parser takes in every whole document whose DTD Label Studio refuses, entity bombs included', () => {
    const whole = DTD_CASES.filter(({ xml }) => /(<\/View>|<View\/>|<a\/>)$/.test(xml));
    expect(whole.length).toBeGreaterThanOrEqual(12);
    expect(whole.filter(({ xml }) => fastXmlParserVerdict(xml) !== 'ok')).toEqual([]);
    const bomb = DTD_CASES.find(({ xml }) => xml.includes('&lol9;'))!.xml;
    expect(new XMLParser({ ignoreAttributes: false }).parse(bomb)).toEqual({
      View: { Header: { '@_value': '&lol9;' } },
    });
  });
});

describe('label config XML: no DTD, no entity expansion, no external entity', () => {
  it('refuses every document type declaration with its header, before reading anything in it', () => {
    for (const { xml, verdict } of DTD_CASES) {
      expect(() => parseXml(xml)).toThrow(XmlDtdForbiddenError);
      expect(ourXmlVerdict(xml)).toBe(verdict);
    }
    // Billion laughs (10^9 "lol"s), XXE through a general and a parameter entity, an external DTD.
    expect(DTD_CASES.map(({ xml }) => xml).join('\n')).toMatch(/&lol9;[\s\S]*SYSTEM "file:[\s\S]*%remote;/);
  });

  it('refuses a declaration it cannot read to its end, never reading past it', () => {
    const unreadable = ORACLE.cases.filter(
      ({ xml }) => xml.startsWith('<!DOCTYPE') && !DTD_CASES.some((dtd) => dtd.xml === xml),
    );
    expect(unreadable.length).toBeGreaterThanOrEqual(10);
    for (const { xml } of unreadable) expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
    const bombAfterBadHeader = `<!DOCTYPE View junk [<!ENTITY a "${'a'.repeat(1000)}">]><View>${'&a;'.repeat(1000)}</View>`;
    expect(ourXmlVerdict(bombAfterBadHeader)).toBe('syntax error: line 1, column 15');
  });

  it('knows only the five predefined entities and character references without a DTD', () => {
    expect(parseXml('<a b="&lt;&#x41;">&amp;&quot;&apos;&gt;&#66;</a>')).toMatchObject({
      attributes: { b: '<A' },
      text: '&"\'>B',
    });
    expect(ourXmlVerdict('<View><Header value="&xxe;"/></View>')).toBe('undefined entity: line 1, column 6');
    expect(ourXmlVerdict('<View>&xxe;</View>')).toBe('undefined entity: line 1, column 6');
  });
});
