import { isAbsolute } from 'node:path';
import type { Hono } from 'hono';
import { z } from 'zod';
import { drfChar, drfInteger, drfRequired } from '../../domain/drfFields.js';
import { NotFoundError } from '../../domain/errors.js';
import { projectDetectorSetting } from '../../ml/local/detector/detectorModelServer.js';
import { removeProjectDetector, setProjectDetector } from '../../ml/local/detector/detectorStore.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
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
 * GET    -> 200 the setting; 404 when none is set.
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

export function outpostDetectorRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/ml/detector', {
    get: (c) => {
      const { project } = parseWith(projectQuery, { project: lastQueryValues(c).project });
      const setting = projectDetectorSetting(mlDeps(c), project!);
      if (!setting) throw new NotFoundError('This project has no detector set.');
      return c.json(setting);
    },
    patch: async (c) => {
      const { project } = parseWith(projectQuery, { project: lastQueryValues(c).project });
      const request = parseWith(detectorBody, await readObjectBody(c));
      const deps = mlDeps(c);
      await setProjectDetector(deps, project!, { ...request, path: request.path ?? '' });
      return c.json(projectDetectorSetting(deps, project!));
    },
    delete: (c) => {
      const { project } = parseWith(projectQuery, { project: lastQueryValues(c).project });
      removeProjectDetector(mlDeps(c), project!);
      return c.body(null, 204);
    },
  });
}
