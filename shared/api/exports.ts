import { z } from 'zod';

/*
 * The easy export's format list, `GET /api/projects/{id}/export/formats`
 * (docs/export-formats.md#format-list).
 */

/** One format: the catalog's keys, then `name`, and `disabled: true` only where the config cannot produce it. */
export const exportFormatSchema = z.strictObject({
  title: z.string(),
  description: z.string(),
  link: z.string(),
  tags: z.array(z.string()).optional(),
  name: z.string(),
  disabled: z.literal(true).optional(),
});
export type ExportFormat = z.infer<typeof exportFormatSchema>;
export const exportFormatListSchema = z.array(exportFormatSchema);
