import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../electron/core/domain/projects/sanitizeHtml.js';
import { launchChromium } from '../helpers/chromium.js';
import { waitUntil } from '../helpers/eventually.js';

/*
 * Known XSS bypass payloads through the instructions sanitizer, judged by a real browser: the
 * output goes into a page with innerHTML, as the labeling page's instructions panel puts it
 * (without that page's CSP, so an inline handler would run), and is read back from the DOM.
 * Serializing and parsing it again catches mutation XSS (markup that changes meaning on reparse).
 */

// Label Studio's SAFE_HTML_TAGS minus html/head/body (a fragment never has them) and minus the
// active ones (sanitizeHtml.ts); tbody is what a browser adds to a table itself.
// prettier-ignore
const ALLOWED_ELEMENTS = new Set([
  'title', 'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'main',
  'nav', 'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr', 'li', 'menu', 'ol',
  'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd',
  'mark', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var',
  'wbr', 'area', 'audio', 'img', 'map', 'track', 'video', 'picture', 'source', 'math', 'canvas', 'del', 'ins',
  'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'datalist', 'fieldset',
  'label', 'legend', 'meter', 'optgroup', 'option', 'output', 'progress', 'select', 'textarea', 'details',
  'dialog', 'summary', 'slot', 'template',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'usemap']);
// prettier-ignore
const ALLOWED_ATTRIBUTES = new Set([
  'align', 'alink', 'alt', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'class', 'color', 'cols',
  'colspan', 'coords', 'dir', 'face', 'href', 'height', 'hspace', 'ismap', 'lang', 'marginheight',
  'marginwidth', 'multiple', 'name', 'nohref', 'noresize', 'noshade', 'nowrap', 'ref', 'rel', 'rev', 'rows',
  'rowspan', 'scrolling', 'shape', 'span', 'src', 'summary', 'tabindex', 'title', 'type', 'usemap', 'valign',
  'value', 'vlink', 'vspace', 'width',
]);

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src=x oNeRrOr=alert(1)//>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noscript><style></noscript><img src=x onerror=alert(1)></style>',
  '<textarea></textarea><img src=x onerror=alert(1)>',
  '<title><img src=x onerror=alert(1)></title>',
  '<template><img src=x onerror=alert(1)></template>',
  '<select><template><img src=x onerror=alert(1)></template></select>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java&Tab;script:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img srcset="javascript:alert(1) 1x, x 2x">',
  '<img src=x style="background:url(javascript:alert(1))">',
  '<p style="x:expression(alert(1))">x</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<!-- <!-- nested --> <img src=x onerror=alert(1)> -->',
  '<!--[if]><script>alert(1)</script -->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?xml <img src=x onerror=alert(1)>?>',
  '<img/src=x/onerror=alert(1)>',
  '<img src=x onerror\n=alert(1)>',
  '<img """><script>alert(1)</script>">',
  '<a href="x" title="a" onclick="alert(1)" onclick="x">x</a>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<div id="x"></div><style>@import "javascript:alert(1)";</style>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<table><td><img src=x onerror=alert(1)></td></table>',
  '<a href="//evil.example/%0Ajavascript:alert(1)">x</a>',
  '<img src=x onerror=alert(1)',
  '<a href="#" onmouseover="alert(1)"',
  '<map name=m><area href="javascript:alert(1)" shape=rect coords=0,0,9,9></map>',
];

/** Every element, attribute and URL the page holds after parsing `html`, and what is wrong with them. */
async function problemsOf(page: Page, html: string): Promise<string[]> {
  return page.evaluate(
    ({ html, allowedElements, allowedAttributes, urlAttributes }) => {
      const problems: string[] = [];
      const root = document.getElementById('root')!;
      const check = () => {
        const elements = [...root.querySelectorAll('*')];
        for (const template of root.querySelectorAll('template'))
          elements.push(...template.content.querySelectorAll('*'));
        for (const element of elements) {
          if (!allowedElements.includes(element.localName)) problems.push(`element <${element.localName}>`);
          for (const attribute of element.attributes) {
            if (attribute.name.startsWith('on')) problems.push(`handler ${attribute.name} on <${element.localName}>`);
            else if (!allowedAttributes.includes(attribute.name)) problems.push(`attribute ${attribute.name}`);
            if (!urlAttributes.includes(attribute.name)) continue;
            const url = new URL(attribute.value, 'https://outpost.invalid/');
            if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) problems.push(`${attribute.name}=${url.href}`);
          }
        }
      };
      root.innerHTML = html;
      check();
      // A second parse of the browser's own serialization: markup that mutates shows here.
      const serialized = root.innerHTML;
      root.innerHTML = serialized;
      check();
      return problems;
    },
    {
      html,
      allowedElements: [...ALLOWED_ELEMENTS],
      allowedAttributes: [...ALLOWED_ATTRIBUTES],
      urlAttributes: [...URL_ATTRIBUTES],
    },
  );
}

describe('sanitizeHtml against known XSS bypasses, read by Chromium', () => {
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];

  /**
   * Adds a canary of the payloads' own kind (a broken image's onerror) after them and waits for its
   * dialog: once it has opened, theirs would have too, however slow the machine.
   */
  async function dialogsSettled() {
    const before = dialogs.filter((message) => message === 'canary').length;
    await page.evaluate(() => {
      const canary = document.createElement('img');
      canary.onerror = () => alert('canary');
      canary.src = 'x';
      document.getElementById('root')!.append(canary);
    });
    await waitUntil(() => dialogs.filter((message) => message === 'canary').length > before, 'the canary dialog');
  }

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setContent('<!doctype html><div id="root"></div>');
  });
  afterAll(() => browser?.close());

  it.each(PAYLOADS.map((payload) => [payload]))('%s keeps nothing that runs', async (payload) => {
    const clean = sanitizeHtml(payload);
    expect(await problemsOf(page, clean), clean).toEqual([]);
  });

  it('the checks see an unsanitized payload, and no payload ever ran', async () => {
    // The same checks on the raw payloads find what the sanitizer removed, so they can fail.
    const raw = await problemsOf(page, PAYLOADS.join(''));
    expect(raw).toEqual(expect.arrayContaining(['element <script>', 'handler onerror on <img>']));
    expect(raw.some((problem) => problem.startsWith('href=javascript:'))).toBe(true);
    // The raw payloads ran (a dialog opened), the sanitized ones, tested first, did not.
    await waitUntil(() => dialogs.length > 0, 'a raw payload to open a dialog');
    // Every raw payload's dialog is in before the next test starts counting.
    await dialogsSettled();
    await page.evaluate(() => (document.getElementById('root')!.innerHTML = ''));
  });

  it('no sanitized payload opened a dialog', async () => {
    dialogs.length = 0;
    await page.evaluate(
      (html) => (document.getElementById('root')!.innerHTML = html),
      PAYLOADS.map(sanitizeHtml).join(''),
    );
    await dialogsSettled();
    expect(dialogs).toEqual(['canary']);
  });
});
