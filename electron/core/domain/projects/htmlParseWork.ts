import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/**
 * An upper bound on how many open elements htmlparser2's Parser compares while sanitize-html
 * parses `html`: the Parser looks for each end tag's element through its whole stack of open
 * elements (`stack.indexOf`), so N elements left open followed by N stray end tags cost N², and a
 * 250 MB request body could hold the server for hours. Found in one linear pass over the same
 * Tokenizer the Parser uses (htmlparser2 is pinned to sanitize-html's version), so tags inside
 * comments, attribute values and raw text (`<script>`, `<title>`…) are not counted as tags.
 *
 * Why it is never below the real work: per tag name, `open` counts start tags minus the end tags
 * met while that count was above zero. The Parser's stack holds no more elements of a name than
 * that (it also closes elements implicitly, `<p>` before `<div>` and the like, which only makes
 * its stack smaller), so the sum of the counts at each end tag bounds that end tag's search.
 */
export function htmlParseWork(html: string): number {
  const open = new Map<string, number>();
  let depth = 0;
  let work = 0;
  const nameAt = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const callbacks: TokenizerCallbacks = {
    ...IGNORED,
    onopentagname(start, end) {
      const name = nameAt(start, end);
      // Void elements are never put on the Parser's stack.
      if (VOID_ELEMENTS.has(name)) return;
      open.set(name, (open.get(name) ?? 0) + 1);
      depth++;
    },
    onclosetag(start, end) {
      work += depth;
      const name = nameAt(start, end);
      const count = open.get(name) ?? 0;
      if (count === 0) return;
      open.set(name, count - 1);
      depth--;
    },
  };
  const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return work;
}

/** htmlparser2's Parser's void elements (`voidElements` in its Parser.js). */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const noop = () => undefined;
const IGNORED: TokenizerCallbacks = {
  onattribdata: noop,
  onattribentity: noop,
  onattribend: noop,
  onattribname: noop,
  oncdata: noop,
  onclosetag: noop,
  oncomment: noop,
  ondeclaration: noop,
  onend: noop,
  onopentagend: noop,
  onopentagname: noop,
  onprocessinginstruction: noop,
  onselfclosingtag: noop,
  ontext: noop,
  ontextentity: noop,
};
