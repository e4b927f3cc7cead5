import type { Db } from '../../db/open.js';
import { systemTimers } from '../../domain/timers.js';
import type { MlDeps } from '../mlDeps.js';
import { rememberPredictor } from './localPredictor.js';
import { createTimeSlicer, TrainingStopped } from './timeSlicer.js';
import { currentFingerprint, trainLocalModel, type TrainingOutcome } from './trainLocalModel.js';

/*
 * When each project's built-in model trains. Annotation changes come in bursts (an annotator
 * submitting task after task), so a change waits for a quiet moment before it trains; an explicit
 * request trains at once. Never two trainings of one project at once: what is asked for during a
 * run waits for it to end. Kept in memory per database (tests run several apps in one process);
 * a restart forgets only what was pending, and the model server's setup catches that up.
 */

/** How long after the last annotation change a retraining starts. */
export const RETRAIN_DELAY_MS = 1500;

interface ProjectTraining {
  timer: unknown;
  running: Promise<void> | null;
  /**
   * Asked for while a run was going: after an annotation change, always run again; after a
   * training request, only when the annotations differ from what the run read (Label Studio's
   * "Start training" also sends START_TRAINING, which must not train twice).
   */
  rerun: 'always' | 'if-changed' | null;
  /** What the last finished run trained on, or tried to. */
  lastFingerprint: string | null;
  /** Why the last run stored no model, if it did not. */
  lastProblem: string | null;
}

const registries = new WeakMap<Db, Map<number, ProjectTraining>>();

function trainingOf(db: Db, project: number): ProjectTraining {
  let registry = registries.get(db);
  if (!registry) registries.set(db, (registry = new Map()));
  let training = registry.get(project);
  if (!training) {
    training = { timer: null, running: null, rerun: null, lastFingerprint: null, lastProblem: null };
    registry.set(project, training);
  }
  return training;
}

async function runOnce(deps: MlDeps, project: number, training: ProjectTraining): Promise<void> {
  const slicer = createTimeSlicer({ isStopped: () => !deps.db.open });
  let outcome: TrainingOutcome;
  try {
    outcome = await trainLocalModel(deps, project, slicer);
  } catch (error) {
    if (error instanceof TrainingStopped || !deps.db.open) return;
    training.lastProblem = `Training failed: ${(error as Error).message}`;
    return;
  }
  training.lastFingerprint = outcome.fingerprint;
  training.lastProblem = outcome.problem;
  if (outcome.version !== null && outcome.model) rememberPredictor(deps.db, project, outcome.version, outcome.model);
}

function start(deps: MlDeps, project: number, training: ProjectTraining, rerun: 'always' | 'if-changed'): void {
  if (training.running) {
    if (training.rerun !== 'always') training.rerun = rerun;
    return;
  }
  training.running = (async () => {
    await runOnce(deps, project, training);
    while (training.rerun !== null && deps.db.open) {
      const wanted = training.rerun;
      training.rerun = null;
      if (wanted === 'if-changed' && currentFingerprint(deps, project) === training.lastFingerprint) continue;
      await runOnce(deps, project, training);
    }
    training.running = null;
  })();
}

/**
 * Retrains the project's built-in model in the background: `now` at once (a training request),
 * otherwise RETRAIN_DELAY_MS after the last of a burst of annotation changes.
 */
export function scheduleLocalRetraining(deps: MlDeps, project: number, options: { now: boolean }): void {
  const training = trainingOf(deps.db, project);
  const timers = deps.timers ?? systemTimers;
  if (training.timer) timers.clearTimeout(training.timer);
  training.timer = null;
  if (options.now) {
    start(deps, project, training, 'if-changed');
    return;
  }
  training.timer = timers.setTimeout(() => {
    training.timer = null;
    start(deps, project, training, 'always');
  }, RETRAIN_DELAY_MS);
}

export interface TrainingState {
  /** Training now, or about to. */
  busy: boolean;
  lastFingerprint: string | null;
  lastProblem: string | null;
}

export function trainingStateOf(db: Db, project: number): TrainingState {
  const training = registries.get(db)?.get(project);
  return {
    busy: Boolean(training?.running || training?.timer),
    lastFingerprint: training?.lastFingerprint ?? null,
    lastProblem: training?.lastProblem ?? null,
  };
}

/** Resolves once the project has no training pending or running (tests, shutdown). */
export async function localTrainingSettled(db: Db, project: number): Promise<void> {
  for (;;) {
    const training = registries.get(db)?.get(project);
    if (!training || (!training.running && !training.timer)) return;
    if (training.running) await training.running;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
