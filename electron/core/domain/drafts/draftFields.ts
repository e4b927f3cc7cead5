import { z } from 'zod';
import { drfBoolean, drfInteger, drfJson } from '../drfFields.js';
import { drfFloat } from '../drfFloat.js';

/** AnnotationDraftSerializer's writable fields; task, annotation, user and project are the server's. */
export const draftWriteSchema = z.object({
  result: drfJson({ allowNull: false }).optional(),
  lead_time: drfFloat({ allowNull: true }).optional(),
  was_postponed: drfBoolean().optional(),
  import_id: drfInteger({ allowNull: true, min: -(2 ** 63), max: 2 ** 63 - 1 }).optional(),
});

export type DraftInput = z.output<typeof draftWriteSchema>;
