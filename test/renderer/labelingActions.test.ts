import { describe, expect, it } from 'vitest';
import type { AnnotationWire, DraftWire, LabelingProject, LabelingTask } from '../../renderer/src/api/labeling.js';
import { annotationWire, author, draftWire } from '../helpers/labelingWire.js';
import { callsFor } from '../../renderer/src/features/labeling/editorActions.js';
import { labelingSetup, visibleAnnotations } from '../../renderer/src/features/labeling/editorSetup.js';
import { unsupportedTags } from '../../renderer/src/features/labeling/editorTags.js';
import { shortcutApplies } from '../../renderer/src/features/labeling/shortcutPolicy.js';
import { DEFAULT_SHORTCUTS } from '../../renderer/src/features/labeling/shortcuts.js';

const result = [{ id: 'r1', type: 'choices', value: { choices: ['A'] } }];

describe('editor callbacks as API calls', () => {
  it('submits a new annotation, taking over the draft it came from', () => {
    expect(callsFor(7, { type: 'submit', result, leadTime: 3.14159 }, [{ id: 9, annotationId: null }])).toEqual([
      { method: 'POST', path: '/api/tasks/7/annotations/', body: { result, lead_time: 3.142, draft_id: 9 } },
    ]);
    expect(
      callsFor(7, { type: 'submit', result, leadTime: 1 }, [{ id: 9, annotationId: 3 }])[0]!.body,
    ).not.toHaveProperty('draft_id');
  });

  it('skips with a cancelled annotation', () => {
    const [call] = callsFor(7, { type: 'skip', annotationId: null, result: [], leadTime: 1 }, []);
    expect(call).toEqual({
      method: 'POST',
      path: '/api/tasks/7/annotations/',
      body: { result: [], lead_time: 1, was_cancelled: true },
    });
  });

  it('updates an annotation and drops its now stale draft', () => {
    expect(
      callsFor(7, { type: 'update', annotationId: 3, result, leadTime: 2 }, [{ id: 11, annotationId: 3 }]),
    ).toEqual([
      { method: 'PATCH', path: '/api/annotations/3/', body: { result, lead_time: 2 } },
      { method: 'DELETE', path: '/api/drafts/11/' },
    ]);
  });

  it('creates a draft once (on the task or on an annotation) and patches it afterwards', () => {
    const draft = (annotationId: number | null) => ({ type: 'draft' as const, annotationId, result, leadTime: 1 });
    expect(callsFor(7, draft(null), [])[0]).toMatchObject({ method: 'POST', path: '/api/tasks/7/drafts' });
    expect(callsFor(7, draft(3), [])[0]).toMatchObject({ method: 'POST', path: '/api/tasks/7/annotations/3/drafts' });
    expect(callsFor(7, draft(3), [{ id: 5, annotationId: 3 }])[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/drafts/5/',
    });
    expect(callsFor(7, { type: 'loaded' }, [])).toEqual([]);
  });
});

describe('what the editor opens', () => {
  const project: LabelingProject = {
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
  const annotation = (id: number, by: number, cancelled = false): AnnotationWire =>
    annotationWire({ id, result, completed_by: author(by), was_cancelled: cancelled });
  const task = (annotations: AnnotationWire[], drafts: DraftWire[] = []): LabelingTask => ({
    id: 7,
    data: { text: 'x' },
    annotations,
    predictions: [],
    drafts,
  });
  const user = { id: 1, firstName: '', lastName: '', email: 'me@example.com' };

  it('lists my annotations, other people’s only with show_annotation_history, skipped ones never', () => {
    const all = task([annotation(1, 1), annotation(2, 2), annotation(3, 1, true)]);
    expect(visibleAnnotations(all, 1, false).map((a) => a.id)).toEqual([1]);
    expect(visibleAnnotations(all, 1, true).map((a) => a.id)).toEqual([1, 2]);
  });

  it('opens my latest annotation, or a new one with the draft when I have one on the task', () => {
    expect(
      labelingSetup({
        project,
        task: task([annotation(1, 1), annotation(4, 1)]),
        user,
        shortcuts: DEFAULT_SHORTCUTS,
        backends: [],
      }).selectAnnotationId,
    ).toBe(4);
    const withDraft = task([annotation(1, 1)], [draftWire({ id: 8, result, annotation: null, lead_time: 1 })]);
    const setup = labelingSetup({ project, task: withDraft, user, shortcuts: DEFAULT_SHORTCUTS, backends: [] });
    expect(setup.selectAnnotationId).toBeNull();
    expect(setup.draft).toEqual({ annotationId: null, result });
  });

  it('shows the skip button only when the project and the task allow it', () => {
    const base = { task: task([]), user, shortcuts: DEFAULT_SHORTCUTS, backends: [] };
    expect(labelingSetup({ ...base, project }).interfaces).toContain('skip');
    expect(labelingSetup({ ...base, project: { ...project, show_skip_button: false } }).interfaces).not.toContain(
      'skip',
    );
    expect(labelingSetup({ ...base, project, task: { ...task([]), allow_skip: false } }).interfaces).not.toContain(
      'skip',
    );
  });
});

describe('shortcut policy and editor tags', () => {
  it('keeps plain arrows and ? away from text fields and selected regions', () => {
    expect(shortcutApplies('nextTask', 'ArrowRight', { typing: false, regionSelected: false })).toBe(true);
    expect(shortcutApplies('nextTask', 'ArrowRight', { typing: true, regionSelected: false })).toBe(false);
    expect(shortcutApplies('previousTask', 'ArrowLeft', { typing: false, regionSelected: true })).toBe(false);
    expect(shortcutApplies('submit', 'Ctrl+Enter', { typing: true, regionSelected: true })).toBe(true);
  });

  it('names the tags the bundled editor lacks', () => {
    expect(unsupportedTags('<View><Text name="t" value="$t"/><Choices name="c" toName="t"/></View>')).toEqual([]);
    expect(unsupportedTags('<View><!-- <Fancy/> --><DateTime name="d"/><Ranker/><Bucket/></View>')).toEqual([
      'DateTime',
      'Ranker',
      'Bucket',
    ]);
  });
});
