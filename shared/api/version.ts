import { z } from 'zod';

/*
 * `GET /api/version` as Outpost answers it: Label Studio's shape (hyphenated keys) plus an
 * `outpost` block of its own. A remote Label Studio says more (its editor's commit and so on),
 * so the sync reads remotes loosely; this is the local server's answer only.
 */

export const serverVersionSchema = z.strictObject({
  release: z.string(),
  'label-studio-os-package': z.strictObject({
    version: z.string(),
    short_version: z.string(),
    latest_version_from_pypi: z.string(),
    latest_version_upload_time: z.string().nullable(),
    current_version_is_outdated: z.boolean(),
  }),
  'label-studio-os-backend': z.strictObject({
    message: z.string(),
    commit: z.string(),
    date: z.string(),
    branch: z.string(),
    version: z.string(),
  }),
  'label-studio-converter': z.strictObject({ version: z.string() }),
  edition: z.string(),
  outpost: z.strictObject({ name: z.string(), version: z.string() }),
});
export type ServerVersion = z.infer<typeof serverVersionSchema>;
