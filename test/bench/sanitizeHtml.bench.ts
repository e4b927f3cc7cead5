import { test } from 'vitest';
import { sanitizeHtml } from '../../electron/core/domain/projects/sanitizeHtml.js';
import { compareMixed, GROUP, printRatios } from './benchCompare.js';

// The instructions sanitizer on large input. The baseline is the cheapest linear pass over the
// same text (escaping every &, < and >, as a sanitizer allowing no tag would). Linear time shows
// as a ratio that stays put when the input grows tenfold; read the ratios, not the absolute times.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function escapeAll(html: string): string {
  return html.replace(/[&<>]/g, (character) => ESCAPES[character]!);
}

// Each case at sizes ten times apart: the closing of stray end tags is the case to watch.
const few = { iterations: 3, warmupIterations: 1, time: 0 };
const cases: [string, number[], (count: number) => string][] = [
  ['nested anchors, all left open', [2_000, 20_000], (count) => '<a href=x title=y>'.repeat(count)],
  [
    'paragraphs with links and a disguised javascript: URL',
    [2_000, 20_000],
    (count) => '<p class="x">See <a href="&#106;avascript:alert(1)">this</a> &amp; <b>that</b> 1 < 2</p>'.repeat(count),
  ],
  // Above htmlParseWork's bound (from 10,000) the text is escaped rather than parsed: linear again.
  [
    'open bold tags, then as many stray end tags',
    [1_000, 10_000, 100_000],
    (count) => `${'<b>'.repeat(count)}${'</i>'.repeat(count)}`,
  ],
];

for (const [name, counts, build] of cases) {
  for (const count of counts) {
    const html = build(count);
    test(
      `${name}: ${count.toLocaleString('en')} repeats (${Math.round(html.length / 1024)} KB)`,
      GROUP,
      async ({ bench }) => {
        const baseline = bench('baseline: escape every &, < and >', () => {
          escapeAll(html);
        });
        const app = bench('sanitizeHtml', () => {
          sanitizeHtml(html);
        });
        // The baseline runs with the default options and sanitizeHtml `few` times, so sanitizeHtml
        // runs alone first (its own one-row table), then joins the baseline's comparison (compareMixed).
        printRatios(await compareMixed(bench, [baseline, [app, few]]), baseline, [app]);
      },
    );
  }
}
