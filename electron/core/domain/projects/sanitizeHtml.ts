import sanitize from 'sanitize-html';
import { htmlParseWork } from './htmlParseWork.js';

/**
 * The `bleach.clean(html, tags=…, attributes=…)` Label Studio runs on `expert_instruction`, done
 * by sanitize-html (a maintained sanitizer with its own XSS regression suite) with Label Studio's
 * allowlists:
 * - allowed tags keep only allowed attributes; `href`/`src` keep only http, https, mailto,
 *   relative and `#` URLs (bleach's default protocols), so `javascript:` links lose the attribute;
 * - any other tag is escaped (bleach's default `strip=False`), so `<script>` becomes inert text;
 * - comments, doctypes and processing instructions are dropped, text is escaped.
 * Where sanitize-html's output differs from bleach's in form only (`<br />` for `<br>`, character
 * references written as the characters, escaped tags lowercased and without their disallowed
 * attributes), sanitizeHtml.test.ts says why each is as safe.
 * The tag list is Label Studio's SAFE_HTML_TAGS without the tags that run script, load active
 * content or restyle the page (test/interop/knownDifferences.ts, 'instruction-active-content').
 */
// prettier-ignore
const ALLOWED_TAGS = [
  'html', 'head', 'title', 'body', 'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'main', 'nav', 'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr',
  'li', 'menu', 'ol', 'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn',
  'em', 'i', 'kbd', 'mark', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup',
  'time', 'u', 'var', 'wbr', 'area', 'audio', 'img', 'map', 'track', 'video', 'picture', 'source', 'math',
  'canvas', 'del', 'ins', 'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
  'datalist', 'fieldset', 'label', 'legend', 'meter', 'optgroup', 'option', 'output', 'progress', 'select',
  'textarea', 'details', 'dialog', 'summary', 'slot', 'template',
];

/** Label Studio's SAFE_HTML_ATTRIBUTES, allowed on every allowed tag. No `on*`, no `style`. */
// prettier-ignore
const ALLOWED_ATTRIBUTES = [
  'align', 'alink', 'alt', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'class', 'color', 'cols',
  'colspan', 'coords', 'dir', 'face', 'href', 'height', 'hspace', 'ismap', 'lang', 'marginheight',
  'marginwidth', 'multiple', 'name', 'nohref', 'noresize', 'noshade', 'nowrap', 'ref', 'rel', 'rev', 'rows',
  'rowspan', 'scrolling', 'shape', 'span', 'src', 'summary', 'tabindex', 'title', 'type', 'usemap', 'valign',
  'value', 'vlink', 'vspace', 'width',
];

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { '*': ALLOWED_ATTRIBUTES },
  disallowedTagsMode: 'escape',
  // bleach's ALLOWED_PROTOCOLS; relative and protocol-relative URLs have no scheme and pass.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: true,
  // The allowed void elements are written `<x />`; any other allowed tag would get an end tag.
  selfClosing: [...sanitize.defaults.selfClosing, 'col', 'source', 'track', 'wbr'],
};

/**
 * How many open-element comparisons a parse may take (htmlParseWork) before the HTML is not parsed
 * at all: a quarter to half a second on our machines. Real instructions are far below it (a page 50
 * elements deep with 100,000 end tags is 5 million); only thousands of elements left open, followed
 * by thousands of stray end tags, reach it.
 */
export const MAX_PARSE_WORK = 50_000_000;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * The instruction, cleaned. HTML that would take the parser longer than MAX_PARSE_WORK is kept
 * as text instead, every `&`, `<` and `>` escaped: as safe as any cleaning, and linear.
 */
export function sanitizeHtml(html: string): string {
  if (htmlParseWork(html) > MAX_PARSE_WORK) return html.replace(/[&<>]/g, (character) => TEXT_ESCAPES[character]!);
  return sanitize(html, OPTIONS);
}
