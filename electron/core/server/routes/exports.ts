import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { drfBoolean, drfChar } from '../../domain/drfFields.js';
import { convertExportSnapshot } from '../../domain/export/snapshots/convertExportSnapshot.js';
import { createExportSnapshot } from '../../domain/export/snapshots/createExportSnapshot.js';
import { downloadExportSnapshot } from '../../domain/export/snapshots/downloadExportSnapshot.js';
import { snapshotCreateSchema } from '../../domain/export/snapshots/snapshotFields.js';
import {
  deleteExportSnapshot,
  getExportSnapshot,
  listExportSnapshots,
} from '../../domain/export/snapshots/snapshotQueries.js';
import type { AppEnv } from '../appEnv.js';
import { drfCharField, parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { attachmentHeader } from './export.js';
import { NO_PROJECT, pathId } from './pathIds.js';

const EXPORTS = '/api/projects/:id{[0-9]+}/exports';
const SNAPSHOT = `${EXPORTS}/:export_pk{[0-9]+}`;
const NO_EXPORT = 'No Export matches the given query.';

function ids(c: Context<AppEnv>): [project: number, snapshot: number] {
  return [pathId(c, 'id', NO_PROJECT), pathId(c, 'export_pk', NO_EXPORT)];
}

const downloadQuerySchema = z.object({ exportType: drfChar().optional() });

/** ExportConvertSerializer. */
const convertSchema = z.object({ export_type: drfCharField(), download_resources: drfBoolean().optional() });

/** Export snapshots (docs/export-formats.md#snapshots). */
export function exportSnapshotRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, EXPORTS, {
    get: (c) => c.json(listExportSnapshots(c.get('deps'), pathId(c, 'id', NO_PROJECT))),
    post: async (c) => {
      const input = parseWith(snapshotCreateSchema, await readObjectBody(c));
      const project = pathId(c, 'id', NO_PROJECT);
      return c.json(await createExportSnapshot(c.get('deps'), c.get('userId'), project, input), 201);
    },
  });
  defineRoute(app, SNAPSHOT, {
    get: (c) => c.json(getExportSnapshot(c.get('deps'), ...ids(c))),
    delete: (c) => {
      deleteExportSnapshot(c.get('deps'), ...ids(c));
      return c.body(null, 204);
    },
  });
  defineRoute(app, `${SNAPSHOT}/download`, {
    get: async (c) => {
      const { exportType } = parseWith(downloadQuerySchema, c.req.query());
      const type = exportType ?? undefined;
      const file = await downloadExportSnapshot(c.get('deps'), ...ids(c), type, c.req.raw.signal);
      // Label Studio's own plain-text 404 (an HttpResponse, not the error envelope).
      if (!file) return c.html('Export is not completed', 404);
      return new Response(file.body, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Disposition': attachmentHeader(file.fileName),
          filename: file.fileName,
        },
      });
    },
  });
  defineRoute(app, `${SNAPSHOT}/convert`, {
    post: async (c) => {
      const input = parseWith(convertSchema, await readObjectBody(c));
      const request = { export_type: input.export_type, download_resources: input.download_resources ?? false };
      return c.json(await convertExportSnapshot(c.get('deps'), ...ids(c), request));
    },
  });
}
