import { createRequire } from 'node:module';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../test/helpers/faultProxy.js';
import { htmlParseWork } from './htmlParseWork.js';

/**
 * What htmlparser2's Parser holds when each end tag comes, summed: the size of the stack its
 * `indexOf` searches. Read from the Parser sanitize-html runs, with sanitize-html's options.
 */
function realStackWork(html: string): number {
  const parser = new Parser({}, { decodeEntities: true });
  const inner = parser as unknown as { stack: string[]; onclosetag(start: number, end: number): void };
  const close = inner.onclosetag.bind(parser);
  let work = 0;
  inner.onclosetag = (start, end) => {
    work += inner.stack.length;
    close(start, end);
  };
  parser.end(html);
  return work;
}

// Tag soup: implicit closes (p, li, td, option), void and raw-text elements, foreign content,
// self-closing forms, and end tags hidden where they are not tags (comments, attributes, raw text).
const PIECES = [
  '<p>', '</p>', '<div>', '</div>', '<li>', '</li>', '<ul>', '</ul>', '<b>', '</b>', '<i>', '</i>',
  '<td>', '<tr>', '</table>', '<table>', '<option>', '<select>', '</select>', '<br>', '</br>',
  '<img src=x>', '<svg>', '</svg>', '<path/>', '<b/>', '<script>', '</script>', '<title>', '</title>',
  '<textarea>', '</textarea>', '<!--', '-->', '<a title="</b></i>">', '</a>', '<B>', '</I>', 'text',
  '<', '>', '</', '<![CDATA[', ']]>', '<math>', '</math>', '<style>', '</style>', '</ b>', '<h1>', '</h1>',
]; // prettier-ignore

describe('htmlParseWork: the bound on the parser’s work, before sanitize-html parses', () => {
  it('counts the open elements at each end tag, and not what only looks like a tag', () => {
    expect(htmlParseWork('<b><i></i></b>')).toBe(3);
    expect(htmlParseWork('<b></i></i>')).toBe(2);
    expect(htmlParseWork('<b><!--</b>--></i>')).toBe(1);
    expect(htmlParseWork('<b><a title="</b>"></i>')).toBe(2);
    expect(htmlParseWork('<script></b></script>')).toBe(1);
    expect(htmlParseWork('<br><img src=x></p>')).toBe(0);
    expect(htmlParseWork('<div>'.repeat(50_000))).toBe(0);
    expect(htmlParseWork(`${'<b>'.repeat(1000)}${'</i>'.repeat(1000)}`)).toBe(1_000_000);
  });

  it('leaves out exactly the elements the real parser never puts on its stack', () => {
    // The void elements of HTML and of htmlparser2 (old ones included), and ordinary ones beside them.
    const names = [
      'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'image', 'img', 'input',
      'isindex', 'keygen', 'link', 'menuitem', 'meta', 'param', 'source', 'track', 'wbr', 'b', 'p', 'div',
      'svg', 'math', 'template', 'html', 'body', 'li', 'td', 'option', 'a',
    ]; // prettier-ignore
    const differing = names.filter((name) => htmlParseWork(`<${name}></i>`) !== realStackWork(`<${name}></i>`));
    expect(differing).toEqual([]);
  });

  it('reads the very htmlparser2 that sanitize-html parses with (one copy, so one tokenizer)', () => {
    const require = createRequire(import.meta.url);
    const fromSanitizeHtml = createRequire(require.resolve('sanitize-html')).resolve('htmlparser2');
    expect(fromSanitizeHtml).toBe(require.resolve('htmlparser2'));
  });

  it('is never below the stack the real parser searches, on 3,000 random tag soups', () => {
    const below: string[] = [];
    for (let seed = 1; seed <= 3000; seed++) {
      const next = seededRandom(seed);
      const length = 1 + Math.floor(next() * 60);
      const html = Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
      const bound = htmlParseWork(html);
      const real = realStackWork(html);
      if (bound < real) below.push(`seed ${seed}: bound ${bound} < real ${real}: ${html}`);
    }
    expect(below).toEqual([]);
  });
});
