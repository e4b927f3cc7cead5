/**
 * Hand-written, not a JS XML library, because Label Studio answers a malformed config
 * with expat's own message and position, verbatim ("not well-formed (invalid token): line 1,
 * column 5", "DTDForbidden(name='View', ...)"), and refuses what expat refuses (unbound prefixes,
 * any DTD). No JS parser gives those words, positions or verdicts: fast-xml-parser, the maintained
 * one at hand, differs in verdict on a third of the recorded cases, words no error alike and
 * takes in the DTDs. Security: any DTD is refused at its header, before anything in it is read,
 * so no entity is expanded (billion laughs) and nothing external is fetched; without a DTD only
 * the five predefined entities exist. Proof: test/labelConfig/expatOracle.test.ts, against Label
 * Studio's verdicts recorded from its own parser (test/fixtures/labelConfigs/expatOracle.json).
 */
import type { XmlElement } from './types.js';
import { FORBIDDEN_CHAR } from './xmlChars.js';
import { XmlDtdForbiddenError, XmlSyntaxError } from './xmlErrors.js';
import { readDeclaration } from './xmlMarkup.js';
import { lineLocator } from './xmlPositions.js';
import { enterElement, ROOT_NAMESPACE_SCOPE, type NamespaceScope } from './xmlNamespaces.js';
import { topLevelStep } from './xmlProlog.js';
import type { DocumentReader, XmlFault } from './xmlReader.js';
import { scanCdata, scanComment, scanProcessingInstruction } from './xmlScanners.js';
import { readEndTag, readStartTag } from './xmlTags.js';
import { decodeText } from './xmlText.js';

export { XmlDtdForbiddenError, XmlSyntaxError };

/** Deeper documents are refused: every consumer walks the tree and no label config needs this. */
export const MAX_XML_DEPTH = 1000;

/**
 * Parses XML the way Label Studio's defusedxml/expat does for label configs: namespaces are
 * checked but not expanded, comments and processing instructions are dropped, CDATA becomes text,
 * and any DTD is refused.
 */
export function parseXml(input: string): XmlElement {
  return new XmlParser(input).parseDocument();
}

/** Text goes to the element's text before its first child, and to the last child's tail after. */
function appendText(parent: XmlElement, text: string): void {
  if (parent.children.length === 0) parent.text += text;
  else parent.children.at(-1)!.tail += text;
}

class XmlParser implements DocumentReader {
  readonly source: string;
  private position = 0;
  readonly locate: (offset: number) => { line: number; column: number };
  /** Offsets of the characters XML forbids, found once (almost always none). */
  private readonly forbiddenChars: number[];
  private readonly endsWithCr: boolean;
  private readonly openElements: XmlElement[] = [];

  constructor(input: string) {
    // XML end-of-line handling: CRLF and lone CR become LF before parsing.
    this.source = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    this.endsWithCr = input.endsWith('\r');
    this.locate = lineLocator(this.source);
    this.forbiddenChars = [...this.source.matchAll(FORBIDDEN_CHAR)].map((match) => match.index);
  }

  parseDocument(): XmlElement {
    const stack = this.openElements;
    const scopes: NamespaceScope[] = [ROOT_NAMESPACE_SCOPE];
    let root: XmlElement | undefined;
    const source = this.source;
    while (this.position < source.length) {
      const start = this.position;
      const parent = stack.at(-1);
      if (!parent) {
        // Outside the root: expat's prolog tokenizer decides (xmlProlog.ts).
        const step = this.take(topLevelStep(this, start, root !== undefined));
        if ('next' in step) {
          this.position = step.next;
          continue;
        }
        if (step.kind === 'declaration') this.refuseDeclaration(start, false);
      } else if (source[start] !== '<') {
        const end = source.indexOf('<', start);
        const stop = end === -1 ? source.length : end;
        appendText(parent, decodeText(this, start, stop));
        this.position = stop;
        continue;
      } else if (source.startsWith('<!--', start)) {
        this.position = this.take(scanComment(this, start)).next;
        continue;
      } else if (source.startsWith('<![CDATA[', start)) {
        const { next, text } = this.take(scanCdata(this, start));
        appendText(parent, text);
        this.position = next;
        continue;
      } else if (source.startsWith('<!', start)) {
        this.refuseDeclaration(start, true);
      } else if (source.startsWith('<?', start)) {
        const instruction = this.take(scanProcessingInstruction(this, start));
        if (instruction.xmlDeclaration) throw this.error('XML or text declaration not at start of entity', start);
        this.position = instruction.next;
        continue;
      } else if (source.startsWith('</', start)) {
        stack.pop();
        scopes.pop();
        this.position = readEndTag(this, parent, start);
        continue;
      }
      const { element, selfClosing, next } = readStartTag(this, start);
      this.position = next;
      const entered = enterElement(element.tag, element.attributes, scopes.at(-1)!);
      if ('reason' in entered) throw this.error(entered.reason, start);
      if (parent) parent.children.push(element);
      else root = element;
      if (!selfClosing) {
        stack.push(element);
        scopes.push(entered.scope);
        if (stack.length > MAX_XML_DEPTH) {
          throw this.error(`elements nested deeper than ${MAX_XML_DEPTH} levels`, start);
        }
      }
    }
    if (!root || stack.length > 0) throw this.error('no element found', source.length);
    return root;
  }

  /** A `<!` that is no comment or CDATA: refused, as a DTD (defusedxml's DTDForbidden) or an error. */
  private refuseDeclaration(start: number, inContent: boolean): never {
    const declaration = this.take(readDeclaration(this, start, inContent));
    throw new XmlDtdForbiddenError(declaration.name, declaration.systemId, declaration.publicId);
  }

  forbiddenFrom(offset: number): number | undefined {
    return this.forbiddenChars.find((forbidden) => forbidden >= offset);
  }

  fail(reason: string, offset: number): never {
    throw this.error(reason, offset);
  }

  /** The scanner's result, or its fault thrown as expat words it. */
  private take<T extends object>(scan: T | XmlFault): T {
    if ('reason' in scan) throw this.error(scan.reason, scan.offset);
    return scan;
  }

  private error(reason: string, offset: number): XmlSyntaxError {
    // Inside the root, expat holds back a final lone CR (it could start a CRLF): what fails at the
    // end fails before it.
    const held = this.endsWithCr && this.openElements.length > 0 && offset === this.source.length ? 1 : 0;
    const { line, column } = this.locate(offset - held);
    return new XmlSyntaxError(reason, line, column);
  }
}
