import { z } from 'zod';
import type { Db } from '../../db/open.js';
import { idExists } from '../../db/repos/annotationsRepo.js';
import { drfBoolean, drfChar, drfChoice, drfDateTime, drfInteger, drfPrimaryKey } from '../drfFields.js';
import { drfFloat } from '../drfFloat.js';

// prettier-ignore
export const LAST_ACTIONS = [
  'prediction', 'propagated_annotation', 'imported', 'submitted', 'updated', 'skipped', 'accepted', 'rejected',
  'fixed_and_accepted', 'deleted_review',
] as const;

/**
 * `validate_result`: a JSON string is parsed first, and the value must then be a list. Label
 * Studio answers 500 for a string that is not JSON (a bare ValueError); here it is a field error.
 */
export const annotationResult = z.unknown().transform((value, ctx): unknown[] => {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      ctx.issues.push({
        code: 'custom',
        message: 'annotation "result" can\'t be parse from str to JSON',
        input: value,
      });
      return z.NEVER;
    }
  }
  if (!Array.isArray(parsed)) {
    ctx.issues.push({ code: 'custom', message: 'annotation "result" field in annotation must be list', input: value });
    return z.NEVER;
  }
  return parsed;
});

/**
 * `unique_id`: a CharField on the serializer, a UUIDField in the model. Django normalizes any
 * form uuid.UUID() reads (braces, urn:uuid:, no hyphens, upper case); anything else is a field
 * error here (a 500 in Label Studio, raised while saving).
 */
const uniqueId = drfChar().transform((value, ctx) => {
  const hex = (value ?? '')
    .replace(/^urn:uuid:/i, '')
    .replace(/^\{(.*)\}$/, '$1')
    .replaceAll('-', '')
    .toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) {
    ctx.issues.push({ code: 'custom', message: `“${value}” is not a valid UUID.`, input: value });
    return z.NEVER;
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
});

function exists(db: Db, table: 'users' | 'predictions' | 'annotations') {
  return (id: number) => idExists(db, table, id);
}

/**
 * AnnotationSerializer's writable fields. `task`, `project`, `updated_by` and the
 * timestamps are the server's, whatever the body says. Unknown keys are ignored, as in DRF.
 */
export function annotationWriteSchema(db: Db) {
  return z.object({
    result: annotationResult.optional(),
    completed_by: drfPrimaryKey(exists(db, 'users')).optional(),
    unique_id: uniqueId.optional(),
    was_cancelled: drfBoolean().optional(),
    ground_truth: drfBoolean().optional(),
    lead_time: drfFloat({ allowNull: true }).optional(),
    draft_created_at: drfDateTime({ allowNull: true }).optional(),
    import_id: drfInteger({ allowNull: true, min: -(2 ** 63), max: 2 ** 63 - 1 }).optional(),
    last_action: drfChoice(LAST_ACTIONS, { allowNull: true }).optional(),
    last_created_by: drfPrimaryKey(exists(db, 'users'), { allowNull: true }).optional(),
    parent_prediction: drfPrimaryKey(exists(db, 'predictions'), { allowNull: true }).optional(),
    parent_annotation: drfPrimaryKey(exists(db, 'annotations'), { allowNull: true }).optional(),
    bulk_created: drfBoolean().optional(),
  });
}

export type AnnotationInput = z.output<ReturnType<typeof annotationWriteSchema>>;
