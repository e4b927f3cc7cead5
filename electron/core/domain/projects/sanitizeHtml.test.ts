import { describe, expect, it } from 'vitest';
import { htmlParseWork } from './htmlParseWork.js';
import { MAX_PARSE_WORK, sanitizeHtml } from './sanitizeHtml.js';

describe('sanitizeHtml (bleach.clean with Label Studio allowlists)', () => {
  it('matches Label Studio test_project_config_safe_html for allowed markup', () => {
    expect(sanitizeHtml('<a href="#" onerror=alert(1)>')).toBe('<a href="#"></a>');
    expect(sanitizeHtml('<b>Be careful</b>')).toBe('<b>Be careful</b>');
  });

  it('keeps allowed tags and attributes, drops the rest of the attributes', () => {
    expect(sanitizeHtml('<p class="x" style="color:red" onclick="go()">Hi <i>there</i></p>')).toBe(
      '<p class="x">Hi <i>there</i></p>',
    );
    // bleach writes void elements `<img …>`, sanitize-html `<img … />`: HTML parsers read both alike.
    expect(sanitizeHtml('<IMG SRC="/media/a.png" ALT=cat width=10>')).toBe(
      '<img src="/media/a.png" alt="cat" width="10" />',
    );
    expect(sanitizeHtml('<br/><hr noshade><wbr>')).toBe('<br /><hr noshade /><wbr />');
    expect(sanitizeHtml('<a href="x" href="javascript:1">y</a>')).toBe('<a href="x">y</a>');
  });

  it('escapes script, style, iframe, embed, svg and form controls instead of rendering them', () => {
    expect(sanitizeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    // bleach escapes the tag as written; sanitize-html escapes it as parsed: lowercased, keeping only
    // allowed attributes. Either way it is text, so the differences cannot run anything.
    expect(sanitizeHtml('<SCRIPT src="x.js"></SCRIPT>')).toBe('&lt;script src="x.js"&gt;&lt;/script&gt;');
    expect(sanitizeHtml('<iframe src="somepath"></iframe>')).toBe('&lt;iframe src="somepath"&gt;&lt;/iframe&gt;');
    expect(sanitizeHtml('<embed src="/m.mp4">')).toBe('&lt;embed src="/m.mp4"&gt;');
    expect(sanitizeHtml('<svg onload=alert(1)><b>x</b></svg>')).toBe('&lt;svg&gt;<b>x</b>&lt;/svg&gt;');
    expect(sanitizeHtml('<style>p{}</style><form><input name=a></form>')).toBe(
      '&lt;style&gt;p{}&lt;/style&gt;&lt;form&gt;&lt;input name="a" /&gt;&lt;/form&gt;',
    );
    expect(sanitizeHtml('<unknown-tag>x</unknown-tag>')).toBe('&lt;unknown-tag&gt;x&lt;/unknown-tag&gt;');
  });

  it('drops javascript:, data: and other schemes from href and src, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' java\tscript:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
    ]) {
      expect(sanitizeHtml(`<a href="${url}">x</a>`)).toBe('<a>x</a>');
      expect(sanitizeHtml(`<img src='${url}'>`)).toBe('<img />');
    }
    for (const url of [
      'http://x.org/a?b=1&amp;c=2',
      'https://x.org',
      'mailto:me@x.org',
      '/rel/path',
      '#top',
      'page.html',
    ]) {
      expect(sanitizeHtml(`<a href="${url}">x</a>`)).toBe(`<a href="${url}">x</a>`);
    }
  });

  it('escapes text and attribute values', () => {
    // bleach keeps `&nbsp;` and `&#169;` as written; sanitize-html decodes every reference and
    // writes the characters, escaping only &, < and > again: the same text on screen, no markup.
    expect(sanitizeHtml('1 < 2 && 3 > 2 &amp; &nbsp; &#169; &lt;b&gt;')).toBe(
      '1 &lt; 2 &amp;&amp; 3 &gt; 2 &amp; \u00a0 \u00a9 &lt;b&gt;',
    );
    expect(sanitizeHtml('<a title=\'say "hi" <b>\'>x</a>')).toBe('<a title="say &quot;hi&quot; &lt;b&gt;">x</a>');
    expect(sanitizeHtml('a <3 b')).toBe('a &lt;3 b');
  });

  it('drops comments, doctypes and processing instructions', () => {
    expect(sanitizeHtml('a<!-- <script>x</script> -->b<!DOCTYPE html><?php x ?>c')).toBe('abc');
    // bleach parses a fragment, so html, head and body never reach its output; sanitize-html keeps
    // them (they are on Label Studio's list), and a page inserting the fragment drops them itself.
    expect(sanitizeHtml('<html><head></head><body><p>x</p></body></html>')).toBe(
      '<html><head></head><body><p>x</p></body></html>',
    );
    expect(sanitizeHtml('a<!-- never closed')).toBe('a');
  });

  it('closes open elements, drops stray end tags, and keeps a tag cut off by the end of input as text', () => {
    // A stray </p> is an empty paragraph, as HTML parsers (html5lib's too) read it.
    expect(sanitizeHtml('<div><p><b>x</div>y</p></i>')).toBe('<div><p><b>x</b></p></div>y<p></p>');
    expect(sanitizeHtml('x</br>y')).toBe('x<br />y');
    // Label Studio's bleach drops a tag cut off by the end of input (html5lib does); sanitize-html keeps
    // the part after the tag name as text, which is as inert.
    expect(sanitizeHtml('<a href="x"')).toBe('href="x"');
    expect(sanitizeHtml('<b>bold <a title="unterminated>x')).toBe('<b>bold </b>title="unterminated&gt;x');
  });

  it('reads title and textarea content as text', () => {
    expect(sanitizeHtml('<textarea><script>x</script></textarea>')).toBe(
      '<textarea>&lt;script&gt;x&lt;/script&gt;</textarea>',
    );
  });

  it('keeps as text the HTML whose parse would take quadratic time, wherever its end tags hide', () => {
    const escaped = (html: string) => html.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const open = '<b>'.repeat(10_000);
    const stray = '</i>'.repeat(10_000);
    // 10,000 elements left open, then 10,000 end tags that each search all of them: 10^8 comparisons.
    for (const html of [`${open}${stray}`, `${open}<!--${'</b>'.repeat(10_000)}-->${stray} & more`]) {
      expect(htmlParseWork(html)).toBeGreaterThan(MAX_PARSE_WORK);
      expect(sanitizeHtml(html)).toBe(escaped(html));
    }
    // Half as many stray end tags stay under the bound, and are cleaned as HTML.
    const half = `${'<b>'.repeat(5_000)}${'</i>'.repeat(5_000)}`;
    expect(htmlParseWork(half)).toBeLessThanOrEqual(MAX_PARSE_WORK);
    expect(sanitizeHtml(half)).toBe(`${'<b>'.repeat(5_000)}${'</b>'.repeat(5_000)}`);
  });

  // How long large input takes is measured in test/bench/sanitizeHtml.bench.ts.
  it('closes 50,000 nested elements left open, however deep', () => {
    const depth = 50_000;
    expect(sanitizeHtml('<a href=x title=y>'.repeat(depth))).toBe(
      `${'<a href="x" title="y">'.repeat(depth)}${'</a>'.repeat(depth)}`,
    );
  });
});
