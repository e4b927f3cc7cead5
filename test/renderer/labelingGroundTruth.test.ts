import { describe, expect, it } from 'vitest';
import { callsFor } from '../../renderer/src/features/labeling/editorActions.js';
import { editorInterfaces } from '../../renderer/src/features/labeling/editorSetup.js';
import { parseHostMessage } from '../../renderer/src/features/labeling/protocol.js';

/*
 * The editor's ground-truth star: the frame reports it for a saved annotation, and the page saves
 * it as Label Studio's own app does, with a PATCH of `ground_truth` alone (the result stays).
 */
describe('the ground-truth star from the editor', () => {
  it('is read from the frame only with a saved annotation id and a yes or no', () => {
    expect(parseHostMessage({ type: 'groundTruth', annotationId: 12, value: true })).toEqual({
      type: 'groundTruth',
      annotationId: 12,
      value: true,
    });
    expect(parseHostMessage({ type: 'groundTruth', annotationId: null, value: true })).toBeNull();
    expect(parseHostMessage({ type: 'groundTruth', annotationId: 12, value: 'yes' })).toBeNull();
  });

  it('becomes one PATCH of ground_truth, setting or clearing it', () => {
    for (const value of [true, false]) {
      expect(callsFor(7, { type: 'groundTruth', annotationId: 12, value }, [{ id: 3, annotationId: 12 }])).toEqual([
        { method: 'PATCH', path: '/api/annotations/12/', body: { ground_truth: value } },
      ]);
    }
  });

  it('shows on a task opened by itself, not in the label stream, as in Label Studio', () => {
    const project = { show_skip_button: true };
    expect(editorInterfaces(project, true, false, false)).toContain('ground-truth');
    expect(editorInterfaces(project, true, false, true)).not.toContain('ground-truth');
    expect(editorInterfaces(project, true)).not.toContain('ground-truth');
  });
});
