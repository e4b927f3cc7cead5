import { test } from 'vitest';
import { analyzeLabelConfig, validateLabelConfig } from '../../shared/label-config/index.js';
import { VALID_CONFIGS } from '../fixtures/labelConfigs/validConfigs.js';
import { GROUP, printRatios } from './benchCompare.js';

// Config parse + validate throughput. The baseline is the cheapest possible pass over the same
// text (a tag-matching regex scan, no tree): read the ratio, not the absolute times.
const typical = VALID_CONFIGS.find(
  (entry) => entry.name === 'polygons, keypoints, ellipses and brush on one image',
)!.config;
const large = `<View><Image name="img" value="$image"/><RectangleLabels name="box" toName="img">${Array.from(
  { length: 2_000 },
  (_, index) =>
    `<Label value="class ${index}" background="#${(index * 97).toString(16).padStart(6, '0').slice(0, 6)}"/>`,
).join('')}</RectangleLabels></View>`;

function scanTags(config: string): number {
  return config.match(/<[^>]+>/g)?.length ?? 0;
}

for (const [group, config] of [
  [`typical config (${typical.length} chars)`, typical],
  [`2,000-label config (${Math.round(large.length / 1024)} KB)`, large],
] as const) {
  test(group, GROUP, async ({ bench }) => {
    const baseline = bench('baseline: regex tag scan', () => {
      scanTags(config);
    });
    const app = bench('validateLabelConfig + analyzeLabelConfig', () => {
      validateLabelConfig(config);
      analyzeLabelConfig(config);
    });
    printRatios(await bench.compare(baseline, app), baseline, [app]);
  });
}
