import { z } from 'zod';
import { codePointLength, parsePythonInt, pythonStr, pythonStrip, pythonTypeName } from './pythonText.js';
import { parseDjangoDateTime } from './djangoDateTime.js';
import { shortenedQuote } from './errorQuote.js';

/**
 * Zod schemas that parse one value the way Django REST Framework's fields do, with DRF's exact
 * messages. Each takes the raw value of a present key (JSON or form) and either returns the
 * internal value or records DRF's messages for that field.
 */

type Issues = z.core.$RefinementCtx;

function fail(ctx: Issues, value: unknown, ...messages: string[]): never {
  for (const message of messages) ctx.issues.push({ code: 'custom', message, input: value });
  return z.NEVER as never;
}

function drfField<T>(allowNull: boolean, parse: (value: unknown, ctx: Issues) => T) {
  return z.unknown().transform((value, ctx): T | null => {
    if (value === null || value === undefined) {
      return allowNull ? null : fail(ctx, value, 'This field may not be null.');
    }
    return parse(value, ctx);
  });
}

// prettier-ignore
const TRUE_VALUES = new Set<unknown>(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1', 1, true]);
// prettier-ignore
const FALSE_VALUES = new Set<unknown>(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0', 0, false]);

/** `BooleanField`: DRF's truthy and falsy spellings (forms send strings), nothing else. */
export function drfBoolean(options: { allowNull?: boolean } = {}) {
  return drfField(options.allowNull ?? false, (value, ctx) => {
    if (TRUE_VALUES.has(value)) return true;
    if (FALSE_VALUES.has(value)) return false;
    return fail(ctx, value, 'Must be a valid boolean.');
  });
}

/** PostgreSQL's integer column range, which Django turns into the field's min/max validators. */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** `IntegerField`: ints, integral floats and numeric strings ("7", " 7 ", "7.0"); not booleans. */
export function drfInteger(options: { allowNull?: boolean; min?: number; max?: number } = {}) {
  const { min = INT32_MIN, max = INT32_MAX } = options;
  return drfField(options.allowNull ?? false, (value, ctx) => {
    if (typeof value === 'string' && value.length > 1000) return fail(ctx, value, 'String value too large.');
    const parsed = toPythonInt(value);
    if (parsed === null) return fail(ctx, value, 'A valid integer is required.');
    if (parsed > BigInt(max)) return fail(ctx, value, `Ensure this value is less than or equal to ${max}.`);
    if (parsed < BigInt(min)) return fail(ctx, value, `Ensure this value is greater than or equal to ${min}.`);
    return Number(parsed);
  });
}

/** DRF's `int(re.sub(r'\.0*\s*$', '', str(value)))`. */
function toPythonInt(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : null;
  if (typeof value !== 'string') return null;
  return parsePythonInt(value.replace(/\.0*\s*$/, ''));
}

export interface CharOptions {
  allowNull?: boolean;
  allowBlank?: boolean;
  minLength?: number;
  maxLength?: number;
  trim?: boolean;
}

export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `CharField`: strings and numbers (as text), trimmed, blank and length rules, no NUL or lone surrogates. */
export function drfChar(options: CharOptions = {}) {
  const { allowBlank = false, trim = true } = options;
  return drfField(options.allowNull ?? false, (value, ctx) => {
    // DRF checks blankness before the type, on str(value).
    if (value === '' || (trim && typeof value === 'string' && pythonStrip(value) === '')) {
      return allowBlank ? '' : fail(ctx, value, 'This field may not be blank.');
    }
    if (typeof value !== 'string' && typeof value !== 'number') return fail(ctx, value, 'Not a valid string.');
    const text = trim ? pythonStrip(pythonStr(value)) : pythonStr(value);
    const messages: string[] = [];
    const { minLength, maxLength } = options;
    if (maxLength !== undefined && codePointLength(text, maxLength) > maxLength) {
      messages.push(`Ensure this field has no more than ${maxLength} characters.`);
    }
    if (minLength !== undefined && codePointLength(text, minLength) < minLength) {
      messages.push(`Ensure this field has at least ${minLength} characters.`);
    }
    if (text.includes('\0')) messages.push('Null characters are not allowed.');
    const surrogate = LONE_SURROGATE.exec(text)?.[0];
    if (surrogate) {
      const code = surrogate.charCodeAt(0).toString(16).toUpperCase();
      messages.push(`Surrogate characters are not allowed: U+${code}.`);
    }
    return messages.length > 0 ? fail(ctx, value, ...messages) : text;
  });
}

/** `ChoiceField`: the value's str() must be one of the choices. */
export function drfChoice<const Choice extends string>(
  choices: readonly Choice[],
  options: { allowNull?: boolean } = {},
) {
  return drfField(options.allowNull ?? false, (value, ctx): Choice => {
    const text = pythonStr(value);
    if ((choices as readonly string[]).includes(text)) return text as Choice;
    return fail(ctx, value, `"${shortenedQuote(text)}" is not a valid choice.`);
  });
}

/** `DateTimeField` (ISO 8601 input): returns DRF's UTC representation of the instant. */
export function drfDateTime(options: { allowNull?: boolean } = {}) {
  return drfField(options.allowNull ?? false, (value, ctx) => {
    const parsed = typeof value === 'string' ? parseDjangoDateTime(value) : null;
    if (parsed !== null) return parsed;
    return fail(
      ctx,
      value,
      'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
    );
  });
}

/**
 * `JSONField` restricted to a dictionary (DRF's JSONField takes any JSON; Label Studio's code then
 * calls `.get` on it, which fails for anything else). Form fields carry the JSON as text.
 */
export function drfJsonObject(options: { allowNull?: boolean; fromText?: boolean } = {}) {
  return drfField(options.allowNull ?? false, (value, ctx) => {
    let parsed = value;
    if (options.fromText && typeof value === 'string') {
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        return fail(ctx, value, 'Value must be valid JSON.');
      }
    }
    if (parsed === null) return options.allowNull ? null : fail(ctx, value, 'This field may not be null.');
    if (typeof parsed !== 'object' || Array.isArray(parsed)) {
      return fail(ctx, value, `Expected a dictionary of items but got type "${pythonTypeName(parsed)}".`);
    }
    return parsed as Record<string, unknown>;
  });
}

/** `PrimaryKeyRelatedField`: an existing id, given as an int or a numeric string. */
export function drfPrimaryKey(exists: (id: number) => boolean, options: { allowNull?: boolean } = {}) {
  return drfField(options.allowNull ?? false, (value, ctx) => {
    if (typeof value === 'boolean' || (typeof value !== 'string' && typeof value !== 'number')) {
      return fail(ctx, value, `Incorrect type. Expected pk value, received ${pythonTypeName(value)}.`);
    }
    const id = typeof value === 'number' ? (Number.isInteger(value) ? value : null) : parsePythonInt(value);
    if (id === null || !exists(Number(id))) {
      return fail(ctx, value, `Invalid pk "${pythonStr(value)}" - object does not exist.`);
    }
    return Number(id);
  });
}

/**
 * DRF's JSONField: any JSON value. Form bodies carry objects and lists as JSON text, which is read
 * as the value it spells (DRF would keep the text; reading it is what a form client means).
 */
export function drfJson(options: { allowNull: boolean }) {
  return z.unknown().transform((value, ctx) => {
    if (value === null) {
      if (options.allowNull) return null;
      ctx.issues.push({ code: 'custom', message: 'This field may not be null.', input: value });
      return z.NEVER;
    }
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }
    return value;
  });
}

/** A field DRF requires: an absent key gets "This field is required." before the field's own checks. */
export function drfRequired<T extends z.ZodType>(field: T) {
  return z.unknown().transform((value, ctx) => {
    if (value === undefined) return fail(ctx, value, 'This field is required.');
    const parsed = field.safeParse(value);
    if (parsed.success) return parsed.data as z.output<T>;
    return fail(ctx, value, ...parsed.error.issues.map((issue) => issue.message));
  });
}
