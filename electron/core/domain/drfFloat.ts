import { z } from 'zod';

/**
 * DRF's `FloatField`: numbers and numeric strings (forms send text), not booleans; NaN and the
 * infinities are refused too (JSON cannot carry them back). Null only when allowed.
 */
export function drfFloat(options: { allowNull?: boolean } = {}) {
  return z.unknown().transform((value, ctx): number | null => {
    if (value === null || value === undefined) {
      if (options.allowNull) return null;
      ctx.issues.push({ code: 'custom', message: 'This field may not be null.', input: value });
      return z.NEVER;
    }
    if (typeof value === 'string' && value.length > 1000) {
      ctx.issues.push({ code: 'custom', message: 'String value too large.', input: value });
      return z.NEVER;
    }
    const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
    if (!Number.isFinite(parsed)) {
      ctx.issues.push({ code: 'custom', message: 'A valid number is required.', input: value });
      return z.NEVER;
    }
    return parsed;
  });
}
