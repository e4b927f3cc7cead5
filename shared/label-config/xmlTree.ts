/**
 * Hand-written with the parser (xml.ts): its tree is ElementTree's (text and tail), and
 * `serializeXml` must write ElementTree's `tostring` character for character, because Label Studio
 * finds names with regular expressions over that text. Proof: test/labelConfig/expatOracle.test.ts,
 * against the text recorded from Label Studio's own parse.
 */
import type { XmlElement } from './types.js';

/** Every element in document order, the root first (lxml's and ElementTree's `iter()`). */
export function* iterateElements(root: XmlElement): Generator<{ element: XmlElement; ancestors: XmlElement[] }> {
  // Iterative, so a deep document cannot overflow the call stack.
  const stack: { element: XmlElement; ancestors: XmlElement[] }[] = [{ element: root, ancestors: [] }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    yield entry;
    const ancestors = [...entry.ancestors, entry.element];
    for (let index = entry.element.children.length - 1; index >= 0; index -= 1) {
      stack.push({ element: entry.element.children[index]!, ancestors });
    }
  }
}

/**
 * A copy without descendant `<comment>` elements. Label Studio means to drop them before
 * validating (`findall('.//comment')`) but crashes doing so; Outpost simply drops them.
 */
export function withoutCommentElements(element: XmlElement): XmlElement {
  return {
    ...element,
    children: element.children.filter((child) => child.tag !== 'comment').map(withoutCommentElements),
  };
}

/** ElementTree's `tostring(root, encoding='unicode')`, whose text Label Studio scans for names. */
export function serializeXml(element: XmlElement): string {
  const parts: string[] = [];
  const write = (node: XmlElement, isRoot: boolean) => {
    parts.push(`<${node.tag}`);
    for (const [name, value] of Object.entries(node.attributes)) parts.push(` ${name}="${escapeAttribute(value)}"`);
    if (node.text || node.children.length > 0) {
      parts.push('>', escapeText(node.text));
      for (const child of node.children) write(child, false);
      parts.push(`</${node.tag}>`);
    } else {
      parts.push(' />');
    }
    if (!isRoot && node.tail) parts.push(escapeText(node.tail));
  };
  write(element, true);
  return parts.join('');
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text)
    .replaceAll('"', '&quot;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\t', '&#09;');
}
