import { z } from 'zod';
import { validateLabelConfig } from '../../../../shared/label-config/index.js';
import {
  drfBoolean,
  drfChar,
  drfChoice,
  drfDateTime,
  drfInteger,
  drfJsonObject,
  drfPrimaryKey,
  INT32_MAX,
  INT32_MIN,
} from '../drfFields.js';
import { parsePythonInt } from '../pythonText.js';
import { ORGANIZATION_ID } from '../users/serializeUser.js';
import { sanitizeHtml } from './sanitizeHtml.js';

export const SAMPLING_CHOICES = ['Sequential sampling', 'Uniform sampling', 'Uncertainty sampling'] as const;
export const SKIP_QUEUE_CHOICES = ['REQUEUE_FOR_ME', 'REQUEUE_FOR_OTHERS', 'IGNORE_SKIPPED'] as const;

type Ctx = z.core.$RefinementCtx;

/** Runs a DRF field schema inside another field's transform, forwarding its messages. */
function runField<T>(schema: z.ZodType<T>, raw: unknown, ctx: Ctx): { ok: true; value: T } | { ok: false } {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  for (const issue of result.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, input: raw });
  return { ok: false };
}

const labelConfig = drfChar({ allowNull: true, allowBlank: true }).transform((value, ctx) => {
  // Label Studio's validate_label_config runs on null too ("can only parse strings").
  const error = validateLabelConfig(value);
  if (error !== null) ctx.issues.push({ code: 'custom', message: error, input: value });
  return value as string;
});

const instructionText = drfChar({ allowNull: true, allowBlank: true });
/** Label Studio sanitizes the raw request value (not the trimmed one) with bleach. */
const expertInstruction = z.unknown().transform((raw, ctx) => {
  const checked = runField(instructionText, raw, ctx);
  if (!checked.ok) return z.NEVER;
  if (checked.value === null) return null;
  return sanitizeHtml(typeof raw === 'string' ? raw : checked.value);
});

const colorText = drfChar({ allowNull: true, allowBlank: true, maxLength: 16 });
/** `validate_color`: '#' plus six characters Python's int(…, 16) accepts. Null fails too (LS crashes on it). */
const color = z.unknown().transform((raw, ctx) => {
  const checked = runField(colorText, raw, ctx);
  if (!checked.ok) return z.NEVER;
  const value = checked.value;
  if (value !== null && value.startsWith('#') && value.length === 7 && parsePythonInt(value.slice(1), 16) !== null) {
    return value;
  }
  ctx.issues.push({ code: 'custom', message: 'Color must be in "#RRGGBB" format', input: raw });
  return z.NEVER;
});

/**
 * Not a serializer field in Label Studio: `int(initial_data[...])` is written to
 * min_annotations_to_start_training. What Python's int() refuses (Label Studio answers 500) is a
 * field error here.
 */
const startTraining = z.unknown().transform((raw, ctx) => {
  let value: bigint | null = null;
  if (typeof raw === 'boolean') value = raw ? 1n : 0n;
  else if (typeof raw === 'number' && Number.isFinite(raw)) value = BigInt(Math.trunc(raw));
  else if (typeof raw === 'string') value = parsePythonInt(raw);
  if (value === null) {
    ctx.issues.push({ code: 'custom', message: 'A valid integer is required.', input: raw });
    return z.NEVER;
  }
  if (value > BigInt(INT32_MAX) || value < BigInt(INT32_MIN)) {
    ctx.issues.push({
      code: 'custom',
      message: `Ensure this value is less than or equal to ${INT32_MAX}.`,
      input: raw,
    });
    return z.NEVER;
  }
  return Number(value);
});

interface FieldRule {
  schema: z.ZodType;
  /** What an empty form value becomes (DRF's get_value for HTML input): null, '' or "not given". */
  emptyForm: 'null' | 'blank' | 'skip';
  isBoolean?: true;
}

const bool = (): FieldRule => ({ schema: drfBoolean(), emptyForm: 'skip', isBoolean: true });
const integer = (): FieldRule => ({ schema: drfInteger(), emptyForm: 'skip' });
const text = (options: Parameters<typeof drfChar>[0] = {}): FieldRule => ({
  schema: drfChar({ allowNull: true, allowBlank: true, ...options }),
  emptyForm: 'blank',
});

/**
 * The writable fields of Label Studio's ProjectSerializer, in its field order (which is also the
 * order of keys in a validation error). Read-only fields in a request are ignored like unknown ones;
 * `created_by` is always the caller (or kept). Sampling and skip_queue are nullable in Label Studio
 * but not here: null is refused with DRF's null message.
 */
function fieldRules(htmlInput: boolean): Record<string, FieldRule> {
  return {
    title: text({ minLength: 3, maxLength: 50 }),
    description: text(),
    label_config: { schema: labelConfig, emptyForm: 'blank' },
    expert_instruction: { schema: expertInstruction, emptyForm: 'blank' },
    show_instruction: bool(),
    show_skip_button: bool(),
    enable_empty_annotation: bool(),
    show_annotation_history: bool(),
    organization: {
      schema: drfPrimaryKey((id) => id === ORGANIZATION_ID, { allowNull: true }),
      emptyForm: 'null',
    },
    color: { schema: color, emptyForm: 'blank' },
    maximum_annotations: integer(),
    is_published: bool(),
    model_version: text(),
    is_draft: bool(),
    min_annotations_to_start_training: integer(),
    start_training_on_annotation_update: { schema: startTraining, emptyForm: 'blank' },
    show_collab_predictions: bool(),
    sampling: { schema: drfChoice(SAMPLING_CHOICES), emptyForm: 'skip' },
    show_ground_truth_first: bool(),
    show_overlap_first: bool(),
    overlap_cohort_percentage: integer(),
    task_data_login: text({ maxLength: 256 }),
    task_data_password: text({ maxLength: 256 }),
    control_weights: { schema: drfJsonObject({ allowNull: true, fromText: htmlInput }), emptyForm: 'null' },
    evaluate_predictions_automatically: bool(),
    skip_queue: { schema: drfChoice(SKIP_QUEUE_CHOICES), emptyForm: 'skip' },
    reveal_preannotations_interactively: bool(),
    pinned_at: { schema: drfDateTime({ allowNull: true }), emptyForm: 'null' },
  };
}

/**
 * DRF's HTML-input rules for form and multipart bodies: an empty value becomes null, '' or
 * nothing depending on the field, and on a full write (create, PUT) a boolean that is absent is
 * false, because an unticked checkbox is not sent (BooleanField.default_empty_html).
 */
function applyHtmlInputRules(body: Record<string, unknown>, rules: Record<string, FieldRule>, partial: boolean) {
  const data: Record<string, unknown> = { ...body };
  for (const [name, rule] of Object.entries(rules)) {
    if (!Object.hasOwn(data, name)) {
      if (rule.isBoolean && !partial) data[name] = false;
    } else if (data[name] === '') {
      if (rule.emptyForm === 'null') data[name] = null;
      else if (rule.emptyForm === 'skip') delete data[name];
    }
  }
  return data;
}

export interface WriteOptions {
  /** Form or multipart body (DRF's "HTML input"), as opposed to JSON. */
  htmlInput: boolean;
  /** PATCH. Create and PUT are full writes. */
  partial: boolean;
}

export function projectWriteSchema(options: WriteOptions) {
  const rules = fieldRules(options.htmlInput);
  const shape = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule.schema.optional()]));
  const object = z.object(shape) as unknown as z.ZodType<ProjectInput>;
  return z.preprocess(
    (body) => (options.htmlInput ? applyHtmlInputRules(body as Record<string, unknown>, rules, options.partial) : body),
    object,
  );
}

/** A validated write: only the fields the request gave (or DRF filled in), already normalized. */
export interface ProjectInput {
  title?: string | null;
  description?: string | null;
  label_config?: string;
  expert_instruction?: string | null;
  show_instruction?: boolean;
  show_skip_button?: boolean;
  enable_empty_annotation?: boolean;
  show_annotation_history?: boolean;
  organization?: number | null;
  color?: string;
  maximum_annotations?: number;
  is_published?: boolean;
  model_version?: string | null;
  is_draft?: boolean;
  min_annotations_to_start_training?: number;
  start_training_on_annotation_update?: number;
  show_collab_predictions?: boolean;
  sampling?: (typeof SAMPLING_CHOICES)[number];
  show_ground_truth_first?: boolean;
  show_overlap_first?: boolean;
  overlap_cohort_percentage?: number;
  task_data_login?: string | null;
  task_data_password?: string | null;
  control_weights?: Record<string, unknown> | null;
  evaluate_predictions_automatically?: boolean;
  skip_queue?: (typeof SKIP_QUEUE_CHOICES)[number];
  reveal_preannotations_interactively?: boolean;
  pinned_at?: string | null;
}
