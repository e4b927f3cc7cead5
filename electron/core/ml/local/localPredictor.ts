import type { Db } from '../../db/open.js';
import { findLocalModelRecord, readLocalModel } from '../../domain/ml/localModelRecords.js';
import type { MlDeps } from '../mlDeps.js';
import { loadControlPredictor, type ControlPredictor } from './controlModels.js';
import { readStoredModel, type StoredLocalModel } from './storedLocalModel.js';

/*
 * The trained model of each project, ready to predict. Restoring it (parsing, rebuilding the
 * classifiers and the lexicon's dictionary) costs more than a prediction, so it is done once per
 * version and kept, keyed by database so two apps in one process (tests) stay apart.
 */

export interface LocalPredictor {
  version: number;
  /** By control name. */
  controls: Map<string, ControlPredictor>;
}

const cache = new WeakMap<Db, Map<number, LocalPredictor>>();

function cacheOf(db: Db): Map<number, LocalPredictor> {
  let map = cache.get(db);
  if (!map) cache.set(db, (map = new Map()));
  return map;
}

function build(version: number, model: StoredLocalModel): LocalPredictor {
  const controls = new Map<string, ControlPredictor>();
  for (const [name, stored] of Object.entries(model.controls)) controls.set(name, loadControlPredictor(stored));
  return { version, controls };
}

/** Keeps a model just trained, so its first prediction does not read it back. */
export function rememberPredictor(db: Db, project: number, version: number, model: StoredLocalModel): void {
  cacheOf(db).set(project, build(version, model));
}

/** The project's current model, or null when it has none (or one in a shape this Outpost cannot read). */
export function currentPredictor(deps: MlDeps, project: number): LocalPredictor | null {
  const record = findLocalModelRecord(deps, project);
  if (!record) return null;
  const cached = cacheOf(deps.db).get(project);
  if (cached?.version === record.version) return cached;
  const stored = readLocalModel(deps, project);
  const model = stored && readStoredModel(stored.model);
  if (!stored || !model) return null;
  const predictor = build(stored.version, model);
  cacheOf(deps.db).set(project, predictor);
  return predictor;
}
