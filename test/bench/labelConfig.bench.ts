import { bench, describe } from 'vitest';
import { analyzeLabelConfig, validateLabelConfig } from '../../shared/label-config/index.js';
import { VALID_CONFIGS } from '../fixtures/labelConfigs/validConfigs.js';

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

describe(`typical config (${typical.length} chars)`, () => {
  bench('baseline: regex tag scan', () => {
    scanTags(typical);
  });
  bench('validateLabelConfig + analyzeLabelConfig', () => {
    validateLabelConfig(typical);
    analyzeLabelConfig(typical);
  });
});

describe(`2,000-label config (${Math.round(large.length / 1024)} KB)`, () => {
  bench('baseline: regex tag scan', () => {
    scanTags(large);
  });
  bench('validateLabelConfig + analyzeLabelConfig', () => {
    validateLabelConfig(large);
    analyzeLabelConfig(large);
  });
});
