import { loadChoicesPredictor, trainChoices, type ChoicesPredictor, type StoredChoicesModel } from './choicesModel.js';
import type { ControlExamples } from './controlExamples.js';
import { loadSpansPredictor, trainSpans, type SpansPredictor, type StoredSpansModel } from './spansModel.js';
import type { TimeSlicer } from './timeSlicer.js';
import type { Trained } from './trained.js';

/* One place that knows which learner serves which kind of control. */

export type StoredControlModel = StoredChoicesModel | StoredSpansModel;

export type ControlPredictor =
  { kind: 'classification'; predict: ChoicesPredictor } | { kind: 'spans'; predict: SpansPredictor };

export function trainControl(set: ControlExamples, slicer: TimeSlicer): Promise<Trained<StoredControlModel>> {
  return set.kind === 'classification'
    ? trainChoices(set.examples, set.control.multiple, slicer)
    : trainSpans(set.examples, slicer);
}

export function loadControlPredictor(model: StoredControlModel): ControlPredictor {
  return model.kind === 'classification'
    ? { kind: 'classification', predict: loadChoicesPredictor(model) }
    : { kind: 'spans', predict: loadSpansPredictor(model) };
}
