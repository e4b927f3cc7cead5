import type { Hono } from 'hono';
import { z } from 'zod';
import { drfInteger, drfRequired } from '../../domain/drfFields.js';
import { getLocalModelStatus } from '../../ml/local/localModelStatus.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { defineRoute } from '../route.js';
import { mlDeps } from './ml.js';
import { lastQueryValues } from './projectList.js';

/*
 * `GET /api/outpost/ml/local-model?project=ID` (Outpost only, not Label Studio's API): the
 * built-in model of a project (url `outpost:local-model`), whether it can learn the project's
 * config, whether it is trained, and how well it did on annotated tasks it did not learn from.
 * The project need not have the model connected. A missing or non-integer `project` is a 400, an
 * unknown one a 404, both in Label Studio's error envelope.
 *
 * {
 *   "project": 7,
 *   "supported": true,              // false: the config has nothing it can learn (`reason` says why)
 *   "reason": null,                 // why it cannot learn, is not trained, or was not retrained; else null
 *   "controls": [                   // the controls it learns, in config order
 *     {"name": "sentiment", "kind": "classification"},   // Choices on a Text (one or several choices)
 *     {"name": "ner", "kind": "spans"}                   // Labels on a Text
 *   ],                              // or {"name": "box", "kind": "detection"}: RectangleLabels on an
 *                                   // Image, with a detector set (/api/outpost/ml/detector, which
 *                                   // also shows it as "detector" here; no figures, nothing trains)
 *   "state": "ready",               // "untrained" | "training" (running, or due within 2 s) | "ready"
 *   "model_version": "local-v3",    // "local-untrained" before the first training; predictions carry it
 *   "version": 3,                   // null before the first training; only goes up
 *   "trained_at": "2026-01-15T10:00:00.000000Z",        // null before the first training
 *   "annotation_count": 50,         // annotated tasks the current model learned from (one annotation each)
 *   "held_out": 10,                 // of those, tasks held back to measure it (about one in five, by id)
 *   "accuracy": 0.9,                // mean over controls of accuracy (classification) or F1 (spans)
 *                                   // on the held-out tasks; null when none was measured
 *   "metrics": {                    // by control name, measured on the held-out tasks
 *     "sentiment": {"kind": "classification", "held_out": 10, "correct": 9, "accuracy": 0.9,
 *                   "majority_baseline": 0.4},  // always answering the most common choice
 *     "ner": {"kind": "spans", "held_out": 10, "expected": 21, "predicted": 19, "correct": 17,
 *             "precision": 0.8947, "recall": 0.8095, "f1": 0.85}   // exact (start, end, label)
 *   }                               // a control's figures are null with a "note" when not measurable
 * }
 */

const statusQuery = z.object({ project: drfRequired(drfInteger()) });

export function outpostLocalModelRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/outpost/ml/local-model', {
    get: (c) => {
      const { project } = parseWith(statusQuery, { project: lastQueryValues(c).project });
      return c.json(getLocalModelStatus(mlDeps(c), project!));
    },
  });
}
