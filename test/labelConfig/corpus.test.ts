import { describe, expect, it } from 'vitest';
import {
  analyzeLabelConfig,
  computeControlWeights,
  TAGS,
  validateLabelConfig,
} from '../../shared/label-config/index.js';
import { INVALID_CONFIGS } from '../fixtures/labelConfigs/invalidConfigs.js';
import { VALID_CONFIGS } from '../fixtures/labelConfigs/validConfigs.js';

describe('label config corpus: invalid and hostile configs get Label Studio’s exact error', () => {
  it('has at least 20 of them', () => expect(INVALID_CONFIGS.length).toBeGreaterThanOrEqual(20));
  it.each(INVALID_CONFIGS)('$name', ({ config, error }) => {
    expect(validateLabelConfig(config)).toBe(error);
  });
});

describe('label config corpus: valid configs parse as Label Studio parses them', () => {
  it.each(VALID_CONFIGS)('$name', ({ config, parsed, dataTypes, bulk }) => {
    expect(validateLabelConfig(config)).toBeNull();
    const analysis = analyzeLabelConfig(config);
    expect(analysis.parsed_label_config).toEqual(parsed);
    // Controls keep document order, as Label Studio's dict does.
    expect(Object.keys(analysis.parsed_label_config)).toEqual(Object.keys(parsed));
    expect(analysis.data_types).toEqual(dataTypes);
    expect(analysis.config_has_control_tags).toBe(Object.keys(parsed).length > 0);
    expect(analysis.config_suitable_for_bulk_annotation).toBe(bulk);
  });

  it('covers every tag of the editor that Outpost knows', () => {
    const corpus = VALID_CONFIGS.map((entry) => entry.config).join('\n');
    const missing = Object.keys(TAGS).filter(
      (tag) =>
        !['Collapse', 'Panel', 'Shortcut', 'AudioPlus', 'Markdown', 'Bitmask', 'BitmaskLabels', 'Channel'].includes(
          tag,
        ) && !corpus.includes(`<${tag}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('control_weights', () => {
  const parsed = analyzeLabelConfig(
    VALID_CONFIGS.find((entry) => entry.name === 'sentiment example')!.config,
  ).parsed_label_config;

  it('starts every control and label at 1.0, as Label Studio does', () => {
    expect(computeControlWeights(parsed)).toEqual({
      label: { overall: 1.0, type: 'Choices', labels: { pos: 1.0, neg: 1.0 } },
    });
  });

  it('keeps weights already set and drops controls and labels that are gone', () => {
    const previous = {
      label: { overall: 0.5, type: 'Choices', labels: { pos: 2, removed: 3 } },
      gone: { overall: 1, type: 'Labels', labels: {} },
    };
    expect(computeControlWeights(parsed, previous)).toEqual({
      label: { overall: 0.5, type: 'Choices', labels: { pos: 2, neg: 1.0 } },
    });
  });
});
