import { describe, expect, it } from 'vitest';
import {
  annotatorName,
  dashboardQuery,
  formatShare,
  localDate,
  pointName,
  rangeName,
} from '../../renderer/src/features/dashboard/dashboardText.js';

describe('dashboard words and ranges', () => {
  // 23:30 UTC on Sunday 2026-01-18 is already Monday morning in Auckland.
  const now = new Date('2026-01-18T23:30:00Z');

  it('asks for the last N days ending today in the viewer zone, or all time', () => {
    expect(localDate(now, 'UTC')).toBe('2026-01-18');
    expect(localDate(now, 'Pacific/Auckland')).toBe('2026-01-19');
    expect(dashboardQuery('7', 'day', now, 'Pacific/Auckland')).toEqual({
      from: '2026-01-13',
      to: '2026-01-19',
      bucket: 'day',
      timezone: 'Pacific/Auckland',
    });
    expect(dashboardQuery('30', 'week', now, 'UTC')).toMatchObject({ from: '2025-12-20', to: '2026-01-18' });
    expect(dashboardQuery('all', 'week', now, 'UTC')).toEqual({ bucket: 'week', timezone: 'UTC' });
  });

  it('names days, weeks, ranges, shares and annotators', () => {
    expect(pointName('2026-01-12', 'day')).toBe('Jan 12, 2026');
    expect(pointName('2026-01-12', 'week')).toBe('Week of Jan 12, 2026');
    expect(rangeName('2026-01-12', '2026-01-12')).toBe('Jan 12, 2026');
    expect(rangeName('2025-12-29', '2026-01-04')).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect([formatShare(0, 0), formatShare(1, 3), formatShare(2, 3), formatShare(1, 500), formatShare(5, 5)]).toEqual([
      '0%',
      '33%',
      '66%',
      '<1%',
      '100%',
    ]);
    const user = { id: 2, email: 'ana@example.com', first_name: 'Ana', last_name: 'Lima' };
    expect(annotatorName({ user, submitted: 1, skipped: 0 })).toBe('Ana Lima');
    expect(annotatorName({ user: { ...user, first_name: '', last_name: '' }, submitted: 1, skipped: 0 })).toBe(
      'ana@example.com',
    );
    expect(annotatorName({ user: null, submitted: 1, skipped: 0 })).toBe('Unknown annotator');
  });
});
