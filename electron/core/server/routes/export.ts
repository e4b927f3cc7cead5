import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { drfBoolean, drfChar } from '../../domain/drfFields.js';
import { ValidationError } from '../../domain/errors.js';
import { exportProject } from '../../domain/export/exportProject.js';
import { listProjectExportFormats } from '../../domain/export/listProjectExportFormats.js';
import { getProjectRow } from '../../domain/projects/getProject.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { defineRoute } from '../route.js';
import { NO_PROJECT, pathId } from './pathIds.js';

const PROJECT = '/api/projects/:id{[0-9]+}';

/** ExportParamSerializer; `interpolate_key_frames` is accepted and ignored (no video tracking). */
const exportParamsSchema = z.object({
  exportType: drfChar().optional(),
  export_type: drfChar().optional(),
  download_all_tasks: drfBoolean().optional(),
  download_resources: drfBoolean().optional(),
  interpolate_key_frames: drfBoolean().optional(),
});

/** `ids[]` only (the Fern SDK's `ids=` is ignored, as Label Studio ignores it). */
function readIds(c: Context<AppEnv>): number[] | null {
  const raw = c.req.queries('ids[]');
  if (!raw || raw.length === 0) return null;
  return raw.map((value) => {
    const id = Number(value.trim());
    if (!/^\s*-?\d+\s*$/u.test(value) || !Number.isSafeInteger(id)) {
      throw new ValidationError({ 'ids[]': [`Field 'id' expected a number but got '${value}'.`] });
    }
    return id;
  });
}

/** `Content-Disposition` with the name as is, plus RFC 5987's UTF-8 form when it is not ASCII. */
export function attachmentHeader(fileName: string): string {
  if (/^[\x20-\x7e]*$/u.test(fileName) && !fileName.includes('"')) return `attachment; filename="${fileName}"`;
  return `attachment; filename*=utf-8''${encodeURIComponent(fileName)}`;
}

/** Easy export and its format list (docs/export-formats.md#easy-export, #format-list). */
export function exportRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, `${PROJECT}/export/formats`, {
    get: (c) => c.json(listProjectExportFormats(c.get('deps'), pathId(c, 'id', NO_PROJECT))),
  });
  defineRoute(app, `${PROJECT}/export/files`, {
    // Label Studio lists the easy exports it kept on disk; Outpost streams them and keeps none.
    get: (c) => {
      getProjectRow(c.get('deps'), pathId(c, 'id', NO_PROJECT));
      return c.json({ export_files: [] });
    },
  });
  defineRoute(app, `${PROJECT}/export`, {
    get: async (c) => {
      const id = pathId(c, 'id', NO_PROJECT);
      const query = parseWith(exportParamsSchema, c.req.query());
      const result = await exportProject(
        c.get('deps'),
        id,
        {
          exportType: query.exportType ?? query.export_type ?? 'JSON',
          downloadAllTasks: query.download_all_tasks ?? false,
          downloadResources: query.download_resources ?? true,
          ids: readIds(c),
        },
        c.req.raw.signal,
      );
      return new Response(result.body, {
        status: 200,
        headers: {
          'Content-Type': result.contentType,
          'Content-Disposition': attachmentHeader(result.fileName),
          filename: result.fileName,
        },
      });
    },
  });
}
