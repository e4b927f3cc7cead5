import { describe, expect, it } from 'vitest';
import { cellKind, displayText, formatPercent } from '../../renderer/src/features/dm/cellValues.js';
import type { TableColumn } from '../../renderer/src/features/dm/columns.js';

/* The Agreement column's cells: a share in 0..1 shown as a percentage, a number cell, empty when null. */

const column = (key: string): TableColumn => ({
  key,
  viewId: `tasks:${key}`,
  title: key,
  type: 'Number',
  isData: false,
  hiddenByDefault: true,
});

describe('agreement cells', () => {
  it('show the share as a percentage with two decimals at most', () => {
    const agreement = column('agreement');
    expect(displayText(agreement, 1)).toBe('100%');
    expect(displayText(agreement, 0)).toBe('0%');
    expect(displayText(agreement, 0.5)).toBe('50%');
    expect(displayText(agreement, 2 / 3)).toBe('66.67%');
    expect(displayText(agreement, 0.12345)).toBe('12.35%');
    expect(displayText(agreement, null)).toBe('');
    expect(cellKind(agreement, 0.5)).toBe('number');
    expect(formatPercent(0.075)).toBe('7.50%');
  });

  it('leave other number columns as they are', () => {
    expect(displayText(column('total_annotations'), 1)).toBe('1');
    expect(displayText(column('avg_lead_time'), 0.5)).toBe('0.5');
  });
});
