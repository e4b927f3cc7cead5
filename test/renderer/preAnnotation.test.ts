import { describe, expect, it } from 'vitest';
import { labelingSetup } from '../../renderer/src/features/labeling/editorSetup.js';
import {
  preAnnotationOf,
  preAnnotationText,
  shownPredictions,
  suggestionsOf,
  wantedModelVersion,
  type LabelingBackend,
} from '../../renderer/src/features/labeling/preAnnotation.js';
import { parseHostMessage, parseParentMessage } from '../../renderer/src/features/labeling/protocol.js';
import { DEFAULT_SHORTCUTS } from '../../renderer/src/features/labeling/shortcuts.js';
import type { Prediction } from '../../shared/api/predictions.js';

const result = [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }];
/** A prediction as the task answer carries it (shared/api/predictions.ts). */
const prediction = (id: number, model_version: string, created_at: string): Prediction => ({
  id,
  result,
  score: 0.6,
  model_version,
  cluster: null,
  neighbors: null,
  mislabeling: 0,
  created_ago: '0 minutes',
  created_at,
  updated_at: created_at,
  model: null,
  model_run: null,
  task: 7,
  project: 1,
});
const predictions = [
  prediction(1, 'static-v1', '2024-01-01T10:00:00Z'),
  prediction(2, 'stub-v1', '2024-01-02T10:00:00Z'),
  prediction(3, 'stub-v0', '2024-01-03T10:00:00Z'),
];
const live: LabelingBackend = { id: 9, title: 'Stub', model_version: 'stub-v1', is_interactive: false };
const project = {
  id: 1,
  title: 'P',
  label_config: '<View/>',
  expert_instruction: '',
  show_instruction: false,
  show_skip_button: true,
  show_annotation_history: false,
  enable_empty_annotation: true,
  model_version: '',
  show_collab_predictions: true,
};

describe('predictions as pre-annotations', () => {
  it('filters by the project’s model version, a connected model’s title meaning its current version', () => {
    expect(wantedModelVersion({ model_version: '' }, [live])).toBeNull();
    expect(wantedModelVersion({ model_version: 'Stub' }, [live])).toBe('stub-v1');
    expect(wantedModelVersion({ model_version: 'static-v1' }, [live])).toBe('static-v1');
    const shown = (model_version: string, show = true) =>
      shownPredictions(predictions, { model_version, show_collab_predictions: show }, [live]).map((p) => p.id);
    expect(shown('')).toEqual([3, 2, 1]);
    expect(shown('Stub')).toEqual([2]);
    expect(shown('static-v1')).toEqual([1]);
    expect(shown('', false)).toEqual([]);
  });

  it('pre-labels a new annotation with the first shown prediction, and says by which version', () => {
    const task = { id: 7, data: { text: 'x' }, annotations: [], predictions, drafts: [] };
    const input = {
      project: { ...project, model_version: 'Stub' },
      task,
      user: { id: 1, firstName: '', lastName: '', email: '' },
    };
    const setup = labelingSetup({ ...input, shortcuts: DEFAULT_SHORTCUTS, backends: [live] });
    expect(setup.task.predictions.map((p) => p.id)).toEqual([2]);
    const pre = preAnnotationOf(setup)!;
    expect(pre).toEqual({ modelVersion: 'stub-v1', score: 0.6 });
    expect(preAnnotationText(pre)).toBe('Pre-labeled by model version stub-v1 (score 0.60)');
    expect(preAnnotationOf({ ...setup, draft: { annotationId: null, result } })).toBeNull();
    expect(preAnnotationOf({ ...setup, selectAnnotationId: 4 })).toBeNull();
  });

  it('turns Auto-Annotation on only with an interactive model', () => {
    const task = { id: 7, data: {}, annotations: [], predictions: [], drafts: [] };
    const base = {
      project,
      task,
      user: { id: 1, firstName: '', lastName: '', email: '' },
      shortcuts: DEFAULT_SHORTCUTS,
    };
    expect(labelingSetup({ ...base, backends: [live] }).interfaces).not.toContain('auto-annotation');
    expect(labelingSetup({ ...base, backends: [{ ...live, is_interactive: true }] }).interfaces).toContain(
      'auto-annotation',
    );
  });
});

describe('interactive pre-annotation messages', () => {
  it('carries the drawn regions out and the suggestions back, and nothing else', () => {
    expect(parseHostMessage({ type: 'interactive', requestId: 2, result })).toEqual({
      type: 'interactive',
      requestId: 2,
      result,
    });
    expect(parseHostMessage({ type: 'interactive', requestId: 0, result })).toBeNull();
    expect(parseParentMessage({ type: 'suggestions', requestId: 2, result: [] })).toEqual({
      type: 'suggestions',
      requestId: 2,
      result: [],
    });
    expect(parseParentMessage({ type: 'suggestions', requestId: 2, result: 'x' })).toBeNull();
  });

  it('reads the interactive model’s answer and its refusals', () => {
    expect(suggestionsOf({ data: { result } })).toEqual({ result, error: null });
    expect(suggestionsOf({ errors: ['Model is not set to be used for interactive preannotations'] })).toEqual({
      result: [],
      error: 'Model is not set to be used for interactive preannotations',
    });
    expect(suggestionsOf({ data: {} })).toEqual({ result: [], error: null });
  });
});
