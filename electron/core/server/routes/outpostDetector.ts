import { isAbsolute } from 'node:path';
import type { Hono } from 'hono';
import { z } from 'zod';
import { drfChar, drfInteger, drfRequired } from '../../domain/drfFields.js';
import { projectDetectorSetting } from '../../ml/local/detector/detectorModelServer.js';
import {
  MAX_UPLOAD_BYTES,
  projectCreatedAt,
  removeProjectDetector,
  setProjectDetector,
  uploadProjectDetector,
} from '../../ml/local/detector/detectorStore.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readLimited, readObjectBody, UnsupportedMediaTypeError } from '../requestBody.js';
import { defineRoute } from '../route.js';
import { mlDeps } from './ml.js';
import { lastQueryValues } from './projectList.js';

/*
 * `/api/outpost/ml/detector?project=ID` (Outpost only, not Label Studio's API): the ONNX object
 * detector the project's built-in model (`outpost:local-model`) predicts rectangles with, for a
 * config with a RectangleLabels on an Image.
 *
 * PATCH {"path": "/abs/path/yolov8n.onnx",        // an ONNX file on this machine; Outpost copies it
 *        "class_names": ["person", "car"],         // optional: when the file's metadata has no `names`
 *        "score_threshold": 0.25}                  // optional, above 0 and below 1
 *   -> 200 the setting (shared/api/ml.ts, detectorSettingSchema). A missing file, a file that is
 *      not an ONNX model, or a model whose input or output is not a YOLO detector's is a 400 in
 *      Label Studio's envelope, with the reason under "path".
 * PUT ?project=ID&file_name=yolov8n-seg.onnx[&class_names=a&class_names=b][&score_threshold=0.3]
 *   with the model's bytes as an application/octet-stream body (for a window that cannot name a
 *   file on this machine, such as a browser on the embedded server): checked and stored as PATCH
 *   does, refusals under "file"; over 512 MB is a 413, another media type a 415.
 * GET    -> 200 the setting, or null when none is set (the settings page asks on every visit,
 *           and a project without a detector is not an error).
 * DELETE -> 204; the built-in model goes back to learning text.
 * A missing or non-integer `project` is a 400, an unknown one a 404.
 */

const projectQuery = z.object({ project: drfRequired(drfInteger()) });

const detectorBody = z.object({
  path: drfRequired(drfChar()).refine(
    (path) => path !== null && isAbsolute(path),
    "Give the model file's absolute path.",
  ),
  class_names: z.array(z.string().trim().min(1)).min(1).optional(),
  score_threshold: z.number().gt(0).lt(1).optional(),
});

const uploadQuery = z.object({
  project: drfRequired(drfInteger()),
  file_name: z.string().trim().min(1).max(255).optional(),
  class_names: z.array(z.string().trim().min(1)).min(1).optional(),
  score_threshold: z.coerce.number().gt(0).lt(1).optional(),
});

export function outpostDetectorRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/ml/detector', {
    get: (c) => {
      const { project } = parseWith(projectQuery, { project: lastQueryValues(c).project });
      return c.json(projectDetectorSetting(mlDeps(c), project!) ?? null);
    },
    patch: async (c) => {
      const { project } = parseWith(projectQuery, { project: lastQueryValues(c).project });
      const request = parseWith(detectorBody, await readObjectBody(c));
      const deps = mlDeps(c);
      await setProjectDetector(deps, project!, { ...request, path: request.path ?? '' });
      return c.json(projectDetectorSetting(deps, project!));
    },
    put: async (c) => {
      const classNames = c.req.queries('class_names');
      const query = parseWith(uploadQuery, { ...lastQueryValues(c), class_names: classNames });
      const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (mediaType !== 'application/octet-stream') throw new UnsupportedMediaTypeError(mediaType);
      const deps = mlDeps(c);
      // An unknown project is refused before hundreds of megabytes are read for it.
      projectCreatedAt(deps, query.project!);
      const bytes = await readLimited(c, MAX_UPLOAD_BYTES);
      await uploadProjectDetector(deps, query.project!, {
        bytes,
        file_name: query.file_name ?? 'model.onnx',
        class_names: query.class_names,
        score_threshold: query.score_threshold,
      });
      return c.json(projectDetectorSetting(deps, query.project!));
    },
    delete: (c) => {
      const { project } = parseWith(projectQuery, { project: lastQueryValues(c).project });
      removeProjectDetector(mlDeps(c), project!);
      return c.body(null, 204);
    },
  });
}
