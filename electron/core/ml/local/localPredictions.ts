import { randomUUID } from 'node:crypto';
import { textOf } from './controlExamples.js';
import type { LearnableControl } from './learnableControls.js';
import type { LocalPredictor } from './localPredictor.js';
import { round4 } from './heldOutEvaluation.js';
import { modelVersionName } from './storedLocalModel.js';
import type { TextFeatures } from './textFeatures.js';
import type { TimeSlicer } from './timeSlicer.js';

/*
 * The built-in model's answer to /predict, in a model server's shape: one entry per task, in
 * order, each `{result, score, model_version}`, or `{error}` for a task it cannot predict (no
 * text under the control's data key). Answers stay inside the config's current labels.
 */

export type TaskAnswer =
  { result: Record<string, unknown>[]; score: number; model_version: string } | { error: string };

/** A region id like the editor's own: ten characters, unique within the prediction. */
function regionId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 10);
}

function allowedLabels(control: LearnableControl): ReadonlySet<string> | null {
  return control.labels.length === 0 ? null : new Set(control.labels);
}

async function predictTask(
  predictor: LocalPredictor,
  controls: readonly LearnableControl[],
  features: TextFeatures,
  task: Record<string, unknown>,
): Promise<TaskAnswer> {
  const data = (typeof task.data === 'object' && task.data !== null ? task.data : {}) as Record<string, unknown>;
  const result: Record<string, unknown>[] = [];
  const scores: number[] = [];
  const missing = new Set<string>();
  for (const control of controls) {
    const model = predictor.controls.get(control.name);
    if (!model) continue;
    const text = textOf(data, control);
    if (text === null) {
      missing.add(control.dataKey);
      continue;
    }
    const base = { from_name: control.name, to_name: control.toName };
    if (model.kind === 'classification') {
      const answer = model.predict(features(text), allowedLabels(control));
      if (!answer) continue;
      const score = round4(answer.score);
      result.push({ id: regionId(), ...base, type: 'choices', value: { choices: answer.choices }, score });
      scores.push(score);
      continue;
    }
    const found = await model.predict(text, allowedLabels(control));
    for (const span of found.spans) {
      const value = { start: span.start, end: span.end, text: span.text, labels: [span.label] };
      result.push({ id: regionId(), ...base, type: 'labels', value, score: round4(span.score) });
    }
    scores.push(found.score);
  }
  if (scores.length === 0) {
    const keys = [...missing].map((key) => `"${key}"`).join(', ');
    return { error: keys ? `the task has no text under ${keys}` : 'no trained control of the model applies' };
  }
  return {
    result,
    score: round4(scores.reduce((sum, score) => sum + score, 0) / scores.length),
    model_version: modelVersionName(predictor.version),
  };
}

export async function predictWithLocalModel(
  predictor: LocalPredictor,
  controls: readonly LearnableControl[],
  features: TextFeatures,
  tasks: readonly Record<string, unknown>[],
  slicer: TimeSlicer,
): Promise<TaskAnswer[]> {
  const answers: TaskAnswer[] = [];
  for (const task of tasks) {
    answers.push(await predictTask(predictor, controls, features, task));
    await slicer.pause();
  }
  return answers;
}
