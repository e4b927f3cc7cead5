import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { ValidationError } from '../../domain/errors.js';
import { deleteFileUpload } from '../../domain/imports/deleteFileUpload.js';
import { deleteFileUploads } from '../../domain/imports/deleteFileUploads.js';
import { getFileUpload } from '../../domain/imports/getFileUpload.js';
import { readIdList } from '../../domain/imports/idList.js';
import { listFileUploads } from '../../domain/imports/listFileUploads.js';
import { removeFiles } from '../../domain/imports/storeUpload.js';
import { updateFileUpload } from '../../domain/imports/updateFileUpload.js';
import type { AppEnv } from '../appEnv.js';
import { boolParam, numericParam } from '../importParams.js';
import { receiveMultipart } from '../multipartUploads.js';
import { isMultipart, readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';

const NO_PROJECT = 'No Project matches the given query.';
const NO_UPLOAD = 'No FileUpload matches the given query.';

/** `?ids=[1,2]`: a JSON-encoded list, as Label Studio's UI sends it. */
function queryIds(c: Context<AppEnv>): number[] {
  const raw = c.req.query('ids') ?? '[]';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ValidationError({ ids: ['Expected a JSON list of integers, e.g. ids=[1,2].'] });
  }
  return readIdList(value, 'ids', 'Expected a JSON list of integers, e.g. ids=[1,2].');
}

/** A PATCH/PUT body: a multipart `file` part replaces the upload; a `file` that is text is refused. */
async function readReplacement(c: Context<AppEnv>) {
  const contentType = c.req.header('content-type') ?? '';
  if (!isMultipart(contentType)) {
    const body = await readObjectBody(c);
    return { file: null, fileIsNotAFile: Object.hasOwn(body, 'file') };
  }
  const deps = c.get('deps');
  const incoming = join(deps.uploadsDir, '.incoming');
  const received = await receiveMultipart(c.req.raw.body, contentType, incoming, deps.bodyLimitBytes);
  const file = received.files.find((part) => part.field === 'file') ?? null;
  removeFiles(received.files.filter((part) => part !== file).map((part) => part.tempPath));
  return { file, fileIsNotAFile: file === null && Object.hasOwn(received.fields, 'file') };
}

/** Uploaded files, per project and one by one (docs/label-studio-compatibility.md#reimport-and-uploads). */
export function fileUploadRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects/:id{[0-9]+}/file-uploads', {
    get: (c) => {
      const id = numericParam(c, 'id', NO_PROJECT);
      const all = boolParam(c.req.query('all'), 'all', false);
      return c.json(listFileUploads(c.get('deps'), c.get('userId'), id, { all, ids: all ? [] : queryIds(c) }));
    },
    delete: async (c) => {
      const id = numericParam(c, 'id', NO_PROJECT);
      const body = await readObjectBody(c);
      return c.json(deleteFileUploads(c.get('deps'), id, body.file_upload_ids));
    },
  });
  defineRoute(app, '/api/import/file-upload/:id{[0-9]+}', {
    get: (c) => c.json(getFileUpload(c.get('deps'), numericParam(c, 'id', NO_UPLOAD))),
    patch: async (c) => {
      const id = numericParam(c, 'id', NO_UPLOAD);
      return c.json(updateFileUpload(c.get('deps'), id, await readReplacement(c)));
    },
    delete: (c) => {
      deleteFileUpload(c.get('deps'), numericParam(c, 'id', NO_UPLOAD));
      return c.body(null, 204);
    },
  });
}
