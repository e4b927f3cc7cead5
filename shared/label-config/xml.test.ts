import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, parseXml, XmlDtdForbiddenError, XmlSyntaxError } from './xml.js';

function syntaxError(source: string): string {
  try {
    parseXml(source);
  } catch (error) {
    if (error instanceof XmlSyntaxError || error instanceof XmlDtdForbiddenError) return error.message;
    throw error;
  }
  throw new Error(`parsed without error: ${source}`);
}

describe('parseXml', () => {
  it('builds elements with ordered attributes, text, tail and positions', () => {
    const root = parseXml('<View a="1" b=\'2\'>\n  hi<Text name="t" value="$t"/>tail<!-- gone --></View>');
    expect(root.tag).toBe('View');
    expect(Object.entries(root.attributes)).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(root.text).toBe('\n  hi');
    expect(root.children).toHaveLength(1);
    expect(root.children[0]).toMatchObject({ tag: 'Text', tail: 'tail', line: 2, column: 4 });
  });

  it('decodes predefined entities, character references and CDATA, and normalizes attribute whitespace', () => {
    const root = parseXml('<a x="1&amp;2&#10;3\t4\n5">&lt;&#x41;&#66;<![CDATA[<raw>&amp;]]></a>');
    expect(root.attributes.x).toBe('1&2\n3 4 5');
    expect(root.text).toBe('<AB<raw>&amp;');
  });

  it('accepts an XML declaration, processing instructions, comments and a BOM', () => {
    expect(parseXml('\uFEFF<?xml version="1.0"?><!-- c --><View/><!-- after -->').tag).toBe('View');
    expect(parseXml('<View><?pi data?></View>').children).toEqual([]);
    expect(parseXml('<View>\r\n</View>').text).toBe('\n');
  });

  it('reports malformed XML with expat messages and 0-based columns', () => {
    expect(syntaxError('')).toBe('no element found: line 1, column 0');
    expect(syntaxError('   ')).toBe('no element found: line 1, column 3');
    expect(syntaxError('hello')).toBe('syntax error: line 1, column 0');
    expect(syntaxError('<View>')).toBe('no element found: line 1, column 6');
    expect(syntaxError('<a></b>')).toBe('mismatched tag: line 1, column 5');
    expect(syntaxError('<root>\n  <a></root>')).toBe('mismatched tag: line 2, column 7');
    expect(syntaxError('<a/><b/>')).toBe('junk after document element: line 1, column 4');
    expect(syntaxError('<a/> x')).toBe('junk after document element: line 1, column 5');
    expect(syntaxError('<a x="1" x="2"/>')).toBe('duplicate attribute: line 1, column 9');
    expect(syntaxError('<View')).toBe('unclosed token: line 1, column 0');
    expect(syntaxError('<a>&foo;</a>')).toBe('undefined entity: line 1, column 3');
    expect(syntaxError('<a><b c="x" d="&foo;"/></a>')).toBe('undefined entity: line 1, column 3');
    expect(syntaxError('<a>\u0001</a>')).toBe('not well-formed (invalid token): line 1, column 3');
    expect(syntaxError('<a b="xy\uFFFE"/>')).toBe('not well-formed (invalid token): line 1, column 8');
    expect(syntaxError('<a><!-- a -- b --></a>')).toBe('not well-formed (invalid token): line 1, column 12');
    expect(syntaxError('<a>&#0;</a>')).toBe('reference to invalid character number: line 1, column 3');
    expect(syntaxError(' <?xml version="1.0"?><a/>')).toBe(
      'XML or text declaration not at start of entity: line 1, column 1',
    );
    expect(syntaxError('<a b=c/>')).toMatch(/^not well-formed \(invalid token\): line 1, column \d+$/);
    expect(syntaxError('<a><1/></a>')).toMatch(/^not well-formed \(invalid token\): line 1, column 4$/);
  });

  it('refuses any document type declaration before reading it: no XXE, no entity expansion', () => {
    expect(syntaxError('<!DOCTYPE View [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><View>&lol2;</View>')).toBe(
      "DTDForbidden(name='View', system_id=None, public_id=None)",
    );
    expect(syntaxError('<!DOCTYPE View SYSTEM "file:///etc/passwd"><View/>')).toBe(
      "DTDForbidden(name='View', system_id='file:///etc/passwd', public_id=None)",
    );
  });

  it('handles 100k sibling elements and refuses absurd nesting instead of overflowing the stack', () => {
    const wide = `<View>${'<Header value="x"/>'.repeat(100_000)}</View>`;
    expect(parseXml(wide).children).toHaveLength(100_000);
    const deep = `${'<View>'.repeat(100_000)}${'</View>'.repeat(100_000)}`;
    expect(syntaxError(deep)).toBe(
      `elements nested deeper than ${MAX_XML_DEPTH} levels: line 1, column ${MAX_XML_DEPTH * '<View>'.length}`,
    );
  });
});
