import { z } from 'zod';

/*
 * `GET /api/templates/`: the labeling template gallery, items shaped like Label
 * Studio's (title, type, group, image, details, config) plus Outpost's own `sample_data` and
 * `bundled_editor`.
 */

export const labelTemplateSchema = z.strictObject({
  title: z.string(),
  type: z.literal('community'),
  group: z.string(),
  /** A data: URI; the gallery never loads images from elsewhere. */
  image: z.string(),
  details: z.string(),
  config: z.string(),
  /** A task `data` object for the preview. */
  sample_data: z.record(z.string(), z.unknown()),
  /** False when the config needs tags the bundled editor (1.4.0) does not have. */
  bundled_editor: z.boolean(),
});
export type LabelTemplate = z.infer<typeof labelTemplateSchema>;

export const templateCatalogSchema = z.strictObject({
  templates: z.array(labelTemplateSchema),
  /** In the order the project setup screen shows them. */
  groups: z.array(z.string()),
});
export type TemplateCatalog = z.infer<typeof templateCatalogSchema>;
