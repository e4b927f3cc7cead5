import { describe, expect, it } from 'vitest';
import {
  formatTaskIds,
  mirrorHolding,
  parseTaskIds,
  parseUnlabeledCount,
  scopeSummary,
  viewLabel,
} from '../../renderer/src/features/sync/scopeText';

/* A mirror's part in words, and the task-id field read into the scope the server stores. */

describe('the row summary of a mirror’s part', () => {
  it('names each kind of part shortly', () => {
    expect(scopeSummary(null)).toBe('Whole project');
    expect(scopeSummary(undefined)).toBe('Whole project');
    expect(scopeSummary({ kind: 'view', view: 3, title: 'Needs review' })).toBe('Tab “Needs review”');
    expect(scopeSummary({ kind: 'range', from: 100, to: 200 })).toBe('Tasks 100–200');
    expect(scopeSummary({ kind: 'range', from: 1000, to: 25000 })).toBe('Tasks 1,000–25,000');
    expect(scopeSummary({ kind: 'range', from: 7, to: 7 })).toBe('Task 7');
    expect(scopeSummary({ kind: 'ids', ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] })).toBe('12 chosen tasks');
    expect(scopeSummary({ kind: 'ids', ids: [42] })).toBe('1 chosen task');
    expect(scopeSummary({ kind: 'unlabeled', count: 50 })).toBe('50 unlabeled at a time');
    expect(scopeSummary({ kind: 'unlabeled', count: 100000 })).toBe('100,000 unlabeled at a time');
  });

  it('counts what the mirror holds against the remote project, once mirrored', () => {
    const mirror = { project: 4, last_pull_at: null, tasks: 40 };
    expect(mirrorHolding({ task_number: 3000, mirror })).toBe('40 of 3,000 tasks here');
    expect(mirrorHolding({ task_number: null, mirror: { ...mirror, tasks: 1 } })).toBe('1 task here');
    expect(mirrorHolding({ task_number: 3000, mirror: null })).toBeNull();
  });

  it('offers each tab with its number of filters', () => {
    expect(viewLabel({ id: 3, title: 'Needs review', filters: 2 })).toBe('Needs review (2 filters)');
    expect(viewLabel({ id: 4, title: 'Mine', filters: 1 })).toBe('Mine (1 filter)');
    expect(viewLabel({ id: 5, title: 'Default', filters: 0 })).toBe('Default (no filters)');
    expect(viewLabel({ id: 6, title: '  ', filters: 0 })).toBe('Tab 6 (no filters)');
  });
});

describe('the task-id field', () => {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

  it('sends one range alone as a range, however wide', () => {
    expect(parseTaskIds('100-200')).toEqual({ scope: { kind: 'range', from: 100, to: 200 } });
    expect(parseTaskIds(' 100 – 200 ')).toEqual({ scope: { kind: 'range', from: 100, to: 200 } });
    expect(parseTaskIds('1-5000000')).toEqual({ scope: { kind: 'range', from: 1, to: 5000000 } });
    expect(parseTaskIds('9-9')).toEqual({ scope: { kind: 'range', from: 9, to: 9 } });
  });

  it('sends anything else as the ids it names, sorted, each once', () => {
    expect(parseTaskIds('1-100, 250, 300-320')).toEqual({
      scope: { kind: 'ids', ids: [...range(1, 100), 250, ...range(300, 320)] },
    });
    expect(parseTaskIds('250')).toEqual({ scope: { kind: 'ids', ids: [250] } });
    expect(parseTaskIds('7 3;5,, 3')).toEqual({ scope: { kind: 'ids', ids: [3, 5, 7] } });
    expect(parseTaskIds('10-12, 11-14, 15')).toEqual({ scope: { kind: 'ids', ids: range(10, 15) } });
  });

  it('says what is wrong, naming the item', () => {
    expect(parseTaskIds('')).toEqual({ problem: 'Enter task ids or ranges, e.g. 1-100, 250, 300-320.' });
    expect(parseTaskIds(' , ')).toEqual({ problem: 'Enter task ids or ranges, e.g. 1-100, 250, 300-320.' });
    expect(parseTaskIds('1-100, abc')).toEqual({ problem: '“abc” is not a task id or a range like 100-200.' });
    expect(parseTaskIds('1.5')).toEqual({ problem: '“1.5” is not a task id or a range like 100-200.' });
    expect(parseTaskIds('-5')).toEqual({ problem: '“-5” is not a task id or a range like 100-200.' });
    expect(parseTaskIds('1-2-3')).toEqual({ problem: '“1-2-3” is not a task id or a range like 100-200.' });
    expect(parseTaskIds('200-100')).toEqual({ problem: '“200-100” ends before it starts: write 100-200.' });
    expect(parseTaskIds('0, 4')).toEqual({ problem: '“0”: task ids start at 1.' });
    expect(parseTaskIds('99999999999999999999')).toEqual({
      problem: '“99999999999999999999” is too large for a task id.',
    });
  });

  it('refuses a list of more than 100,000 ids before making it, and counts overlaps once', () => {
    expect(parseTaskIds('1-100000, 100001')).toEqual({
      problem: 'That names 100,001 tasks; a list holds at most 100,000. One range alone (e.g. 1-500000) has no limit.',
    });
    expect(parseTaskIds('1-999999999999, 5')).toEqual({
      problem:
        'That names 999,999,999,999 tasks; a list holds at most 100,000. One range alone (e.g. 1-500000) has no limit.',
    });
    const atLimit = parseTaskIds('1-60000, 40001-100000');
    expect('scope' in atLimit && atLimit.scope.kind === 'ids' && atLimit.scope.ids.length).toBe(100000);
  });

  it('writes a stored part back as it reads, runs of three or more as ranges', () => {
    expect(formatTaskIds({ kind: 'range', from: 100, to: 200 })).toBe('100-200');
    expect(formatTaskIds({ kind: 'ids', ids: [300, 1, 2, 3, 250, 301, 302, 8, 9] })).toBe('1-3, 8, 9, 250, 300-302');
    expect(formatTaskIds({ kind: 'ids', ids: [5] })).toBe('5');
    for (const text of ['1-100, 250, 300-320', '4, 9, 12-40', '100-200']) {
      const parsed = parseTaskIds(text);
      if (!('scope' in parsed)) throw new Error(parsed.problem);
      expect(formatTaskIds(parsed.scope)).toBe(text);
    }
  });
});

describe('the number of unlabeled tasks to keep', () => {
  it('takes whole numbers from 1 to 100,000', () => {
    expect(parseUnlabeledCount('50')).toEqual({ count: 50 });
    expect(parseUnlabeledCount(' 100000 ')).toEqual({ count: 100000 });
    expect(parseUnlabeledCount('1')).toEqual({ count: 1 });
  });

  it('refuses anything else with the range it takes', () => {
    const problem = 'Enter a whole number of tasks from 1 to 100,000.';
    for (const text of ['', '0', '100001', '2.5', '-3', 'ten', '1e3']) {
      expect(parseUnlabeledCount(text), text).toEqual({ problem });
    }
  });
});
