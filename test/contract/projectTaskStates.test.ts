import { describe, expect, it } from 'vitest';
import { insertAnnotation, insertTask } from '../helpers/projectData.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

describe('settings that change task states (Project._update_tasks_states)', () => {
  it('moves task overlap with maximum_annotations and recomputes is_labeled; skip_queue decides what finishes a task', async () => {
    const t = await createTestApp();
    const auth = { Authorization: `Token ${TEST_TOKEN}`, 'Content-Type': 'application/json' };
    const project = ((await (await t.postJson('/api/projects', {}, auth)).json()) as { id: number }).id;
    const annotated = insertTask(t.db, project);
    const skipped = insertTask(t.db, project);
    insertAnnotation(t.db, { task: annotated, project });
    insertAnnotation(t.db, { task: skipped, project, was_cancelled: true });
    const patch = (body: unknown) =>
      t.request(`/api/projects/${project}`, { method: 'PATCH', headers: auth, body: JSON.stringify(body) });
    const states = () =>
      t.db.prepare('SELECT id, overlap, is_labeled FROM tasks WHERE project = ? ORDER BY id').all(project);

    expect((await patch({ maximum_annotations: 2 })).status).toBe(200);
    expect(states()).toEqual([
      { id: annotated, overlap: 2, is_labeled: 0 },
      { id: skipped, overlap: 2, is_labeled: 0 },
    ]);
    expect((await patch({ maximum_annotations: 1 })).status).toBe(200);
    expect(states()).toEqual([
      { id: annotated, overlap: 1, is_labeled: 1 },
      { id: skipped, overlap: 1, is_labeled: 0 },
    ]);
    expect((await patch({ skip_queue: 'IGNORE_SKIPPED' })).status).toBe(200);
    expect(states()).toEqual([
      { id: annotated, overlap: 1, is_labeled: 1 },
      { id: skipped, overlap: 1, is_labeled: 1 },
    ]);
  });
});
