/**
 * The `bleach.clean(html, tags=…, attributes=…)` Label Studio runs on `expert_instruction`, as a
 * small allowlist sanitizer (no DOM in the main process):
 * - allowed tags keep only allowed attributes; `href`/`src` keep only http, https, mailto,
 *   relative and `#` URLs (bleach's default protocols), so `javascript:` links lose the attribute;
 * - any other tag is escaped verbatim (bleach's default `strip=False`), so `<script>` becomes
 *   inert text; comments, doctypes and processing instructions are dropped;
 * - bare `&`, `<` and `>` in text are escaped, existing character references are kept;
 * - open allowed elements are closed at the end, stray end tags are dropped (bleach serializes
 *   a parsed tree, so `<a href="#">` comes back as `<a href="#"></a>`).
 * The tag list is Label Studio's SAFE_INSTRUCTION_HTML_TAGS (SAFE_HTML_TAGS without the tags that
 * run script, load active content or restyle the page: script, style, iframe, embed, object, svg,
 * form controls, base, link, meta, noscript, portal).
 */
// prettier-ignore
const ALLOWED_TAGS = new Set([
  'html', 'head', 'title', 'body', 'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'main', 'nav', 'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr',
  'li', 'menu', 'ol', 'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn',
  'em', 'i', 'kbd', 'mark', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup',
  'time', 'u', 'var', 'wbr', 'area', 'audio', 'img', 'map', 'track', 'video', 'picture', 'source', 'math',
  'canvas', 'del', 'ins', 'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
  'datalist', 'fieldset', 'label', 'legend', 'meter', 'optgroup', 'option', 'output', 'progress', 'select',
  'textarea', 'details', 'dialog', 'summary', 'slot', 'template',
]);

/** Label Studio's SAFE_HTML_ATTRIBUTES, allowed on every allowed tag. No `on*`, no `style`. */
// prettier-ignore
const ALLOWED_ATTRIBUTES = new Set([
  'align', 'alink', 'alt', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'class', 'color', 'cols',
  'colspan', 'coords', 'dir', 'face', 'href', 'height', 'hspace', 'ismap', 'lang', 'marginheight',
  'marginwidth', 'multiple', 'name', 'nohref', 'noresize', 'noshade', 'nowrap', 'ref', 'rel', 'rev', 'rows',
  'rowspan', 'scrolling', 'shape', 'span', 'src', 'summary', 'tabindex', 'title', 'type', 'usemap', 'valign',
  'value', 'vlink', 'vspace', 'width',
]);

const URI_ATTRIBUTES = new Set(['href', 'src']);
const ALLOWED_PROTOCOLS = new Set(['http', 'https', 'mailto']);
// prettier-ignore
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** A fragment is parsed inside <body>: these tags never reach the output tree. */
const DOCUMENT_TAGS = new Set(['html', 'head', 'body']);
/** Allowed elements whose content the HTML parser reads as text up to their end tag. */
const TEXT_CONTENT_TAGS = new Set(['title', 'textarea']);
const BOOLEAN_ATTRIBUTES = new Set(['ismap', 'multiple', 'nohref', 'noresize', 'noshade', 'nowrap']);

const CHARACTER_REFERENCE = /^&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/;

interface Tag {
  name: string;
  attributes: [string, string | null][];
  isEnd: boolean;
  source: string;
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt === -1) {
      out.push(escapeText(html.slice(index)));
      break;
    }
    out.push(escapeText(html.slice(index, lt)));
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      index = skipPast(html, lt + 4, '-->');
    } else if (next === '!' || next === '?' || (next === '/' && !/[a-zA-Z>]/.test(html[lt + 2] ?? ''))) {
      index = skipPast(html, lt + 2, '>');
    } else if (next === '/' && html[lt + 2] === '>') {
      index = lt + 3;
    } else if (/[a-zA-Z/]/.test(next)) {
      const tag = readTag(html, lt);
      if (!tag) {
        out.push(escapeText(html.slice(lt)));
        break;
      }
      index = lt + tag.source.length;
      if (!ALLOWED_TAGS.has(tag.name)) out.push(escapeText(tag.source));
      else if (tag.isEnd) closeElement(tag.name, open, out);
      else {
        openElement(tag, open, out);
        if (TEXT_CONTENT_TAGS.has(tag.name)) index = readTextContent(html, index, tag.name, out);
      }
    } else {
      out.push('&lt;');
      index = lt + 1;
    }
  }
  for (const name of open.reverse()) out.push(`</${name}>`);
  return out.join('');
}

function skipPast(html: string, from: number, marker: string): number {
  const end = html.indexOf(marker, from);
  return end === -1 ? html.length : end + marker.length;
}

const TAG_NAME = /[^\s/>]+/y;
const ATTRIBUTE_NAME = /[^\s/>=]+|=[^\s/>=]*/y;
const UNQUOTED_VALUE = /[^\s>]*/y;

function matchAt(pattern: RegExp, html: string, index: number): string {
  pattern.lastIndex = index;
  return pattern.exec(html)?.[0] ?? '';
}

/** Reads `<name attr=value …>` or `</name …>` starting at `start`; null when the input ends inside it. */
function readTag(html: string, start: number): Tag | null {
  const isEnd = html[start + 1] === '/';
  let index = start + (isEnd ? 2 : 1);
  const rawName = matchAt(TAG_NAME, html, index);
  index += rawName.length;
  const attributes: [string, string | null][] = [];
  for (;;) {
    while (index < html.length && /[\s/]/.test(html[index]!)) index += 1;
    if (index >= html.length) return null;
    if (html[index] === '>') break;
    const attributeName = matchAt(ATTRIBUTE_NAME, html, index) || html[index]!;
    index += attributeName.length;
    while (index < html.length && /\s/.test(html[index]!)) index += 1;
    let value: string | null = null;
    if (html[index] === '=') {
      index += 1;
      while (index < html.length && /\s/.test(html[index]!)) index += 1;
      const quote = html[index];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, index + 1);
        if (end === -1) return null;
        value = html.slice(index + 1, end);
        index = end + 1;
      } else {
        value = matchAt(UNQUOTED_VALUE, html, index);
        index += value.length;
      }
    }
    attributes.push([attributeName.toLowerCase(), value]);
  }
  return { name: rawName.toLowerCase(), attributes, isEnd, source: html.slice(start, index + 1) };
}

function openElement(tag: Tag, open: string[], out: string[]): void {
  if (DOCUMENT_TAGS.has(tag.name)) return;
  const seen = new Set<string>();
  let rendered = `<${tag.name}`;
  for (const [name, value] of tag.attributes) {
    // The HTML tokenizer keeps the first of duplicated attributes.
    if (seen.has(name)) continue;
    seen.add(name);
    if (!ALLOWED_ATTRIBUTES.has(name)) continue;
    const text = value ?? '';
    if (URI_ATTRIBUTES.has(name) && !isAllowedUri(text)) continue;
    rendered += text === '' && BOOLEAN_ATTRIBUTES.has(name) ? ` ${name}` : ` ${name}="${escapeAttribute(text)}"`;
  }
  out.push(`${rendered}>`);
  if (!VOID_TAGS.has(tag.name)) open.push(tag.name);
}

function closeElement(name: string, open: string[], out: string[]): void {
  if (name === 'br') out.push('<br>'); // The HTML parser reads a stray </br> as <br>.
  const position = open.lastIndexOf(name);
  if (position === -1) return;
  for (const closing of open.splice(position).reverse()) out.push(`</${closing}>`);
}

/** Title and textarea content is text up to the matching end tag (which is then read as a tag). */
function readTextContent(html: string, from: number, name: string, out: string[]): number {
  const end = new RegExp(`</${name}[\\s/>]`, 'gi');
  end.lastIndex = from;
  const stop = end.exec(html)?.index ?? html.length;
  out.push(escapeText(html.slice(from, stop)));
  return stop;
}

/** bleach's `sanitize_uri_value`: decode, drop spaces and controls, then check the scheme. */
function isAllowedUri(value: string): boolean {
  const normalized = decodeCharacterReferences(value)
    // eslint-disable-next-line no-control-regex -- bleach drops controls and spaces before reading the scheme
    .replace(/[`\u0000-\u0020\u007f-\u00a0\s\ufffd]+/g, '')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(normalized)?.[1];
  if (scheme !== undefined) return ALLOWED_PROTOCOLS.has(scheme);
  return true;
}

// Enough to see through obfuscated schemes such as `javascript&colon;`.
const NAMED_REFERENCES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['colon', ':'],
  ['tab', '\t'],
  ['newline', '\n'],
]);

function decodeCharacterReferences(value: string): string {
  return value.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);?/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_REFERENCES.get(body.toLowerCase()) ?? whole;
  });
}

function escapeAmpersands(text: string): string {
  return text.replace(/&/g, (_, offset: number) =>
    CHARACTER_REFERENCE.test(text.slice(offset, offset + 40)) ? '&' : '&amp;',
  );
}

function escapeText(text: string): string {
  return escapeAmpersands(text).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
