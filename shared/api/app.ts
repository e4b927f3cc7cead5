import { z } from 'zod';

/* `GET /api/outpost/app`: facts about this Outpost itself (not a Label Studio endpoint). */

export const appInfoSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  /** Who runs the server: the desktop app, browser mode (`outpost start` without Electron) or `outpost serve`. */
  mode: z.enum(['electron', 'browser', 'serve']),
  /** Absolute path of the data folder. */
  data_dir: z.string(),
  database_path: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
