import { z } from 'zod';

/* `GET /api/outpost/app`: facts about this Outpost itself (not a Label Studio endpoint). */

export const appInfoSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  /** Who runs the server: the desktop app or `outpost serve`/`start`. */
  mode: z.enum(['electron', 'serve']),
  /** Absolute path of the data folder. */
  data_dir: z.string(),
  database_path: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
