import { describe, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { useBoth } from '../differential/both.js';
import type { Side } from '../differential/targets.js';

/* Projects: create, read, list with every query parameter, change, delete, against Label Studio. */

const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

describe('projects, Outpost against Label Studio', () => {
  const both = useBoth();
  const stamp = `p${Date.now()}`;
  const ids: Pair<number[]> = { ls: [], outpost: [] };
  const id = (index: number) => (side: Side) => ids[side][index]!;
  const idList = (side: Side) => ids[side].join(',');

  it('creates projects from JSON and from a form, with defaults and with every writable field', async () => {
    const full = {
      title: `${stamp} full`,
      description: 'all fields',
      label_config: CONFIG,
      expert_instruction: '<b>Careful</b> <a href="https://example.org" class="x" onclick="go()">rules</a> & <i>more',
      show_instruction: true,
      show_skip_button: false,
      enable_empty_annotation: false,
      show_annotation_history: true,
      color: '#FF0000',
      maximum_annotations: 3,
      is_published: true,
      is_draft: true,
      min_annotations_to_start_training: 5,
      show_collab_predictions: false,
      sampling: 'Uniform sampling',
      show_ground_truth_first: true,
      show_overlap_first: true,
      overlap_cohort_percentage: 50,
      task_data_login: 'user',
      task_data_password: 'secret',
      evaluate_predictions_automatically: true,
      skip_queue: 'REQUEUE_FOR_ME',
      reveal_preannotations_interactively: true,
      pinned_at: '2026-01-02T03:04:05.000000Z',
      control_weights: { label: { overall: 0.5, type: 'Choices', labels: { pos: 2, neg: 1 } } },
      unknown_field: 'ignored',
    };
    const created = await both.expectSame('create: full', 'POST', '/api/projects/', { json: full });
    for (const side of ['ls', 'outpost'] as const) ids[side].push((created[side].body as { id: number }).id);
    for (const [what, init] of [
      ['minimal', { json: { title: `${stamp} minimal` } }],
      [
        'form',
        { form: { title: `${stamp} form`, label_config: CONFIG, maximum_annotations: '2', show_instruction: 'true' } },
      ],
      ['empty body', { json: {} }],
    ] as const) {
      const replies = await both.expectSame(`create: ${what}`, 'POST', '/api/projects/', init);
      for (const side of ['ls', 'outpost'] as const) ids[side].push((replies[side].body as { id: number }).id);
    }
  });

  it('reads one project, and 404s an unknown one', async () => {
    for (let index = 0; index < 4; index += 1) {
      await both.expectSame(`get ${index}`, 'GET', (side) => `/api/projects/${id(index)(side)}/`);
    }
    await both.expectSame('unknown', 'GET', '/api/projects/0/');
  });

  it('lists with ids, title, filter, ordering, include and paging', async () => {
    const list = (query: string) => (side: Side) => `/api/projects/?ids=${idList(side)}&${query}`;
    for (const query of [
      '',
      'page_size=2',
      'page_size=2&page=2',
      'page_size=2&page=3',
      'page=0',
      'page_size=1000',
      'page_size=0',
      'page_size=-1',
      'page=abc',
      `title=${stamp}%20f`,
      'title=FORM',
      'filter=pinned_only',
      'filter=exclude_pinned',
      'filter=all',
      'ordering=title',
      'ordering=-title',
      'ordering=created_at',
      'ordering=-id',
      'ordering=no_such_field',
      'include=id,title,task_number',
      'include=id',
      'include=nonsense',
    ]) {
      await both.expectSame(`list ${query}`, 'GET', list(query));
    }
    await both.expectSame('counts', 'GET', (side) => `/api/projects/counts/?ids=${idList(side)}`);
    await both.expectSame('counts, ordered', 'GET', (side) => `/api/projects/counts/?ids=${idList(side)}&ordering=-id`);
  });

  it('changes projects with PATCH and PUT, and refuses bad values field by field', async () => {
    const project = id(0);
    await both.expectSame('patch', 'PATCH', (side) => `/api/projects/${project(side)}/`, {
      json: { title: `${stamp} renamed`, color: '#00FF00', label_config: CONFIG, is_published: true },
    });
    await both.expectSame('collab predictions off', 'PATCH', (side) => `/api/projects/${project(side)}/`, {
      json: { show_collab_predictions: false, start_training_on_annotation_update: true },
    });
    for (const [what, body] of [
      ['short title', { title: 'ab' }],
      ['long title', { title: 'x'.repeat(51) }],
      ['null title', { title: null }],
      ['color', { color: 'red' }],
      ['color case', { color: '#ff00ff' }],
      ['sampling', { sampling: 'Random' }],
      ['skip queue', { skip_queue: 'NEVER' }],
      ['model version', { model_version: 'no-such-model' }],
      ['maximum annotations', { maximum_annotations: 'many' }],
      ['negative maximum', { maximum_annotations: -1 }],
      ['boolean', { show_instruction: 'perhaps' }],
      ['bad config', { label_config: '<View><Choices name="x" toName="y"/></View>' }],
      ['pinned_at', { pinned_at: 'yesterday' }],
    ] as const) {
      await both.expectSame(`patch: ${what}`, 'PATCH', (side) => `/api/projects/${project(side)}/`, { json: body });
    }
    await both.expectSame('unchanged after refusals', 'GET', (side) => `/api/projects/${project(side)}/`);
    // Last, on a project of its own: Label Studio's PUT drops the owner for good.
    await both.expectSame(
      'put',
      'PUT',
      (side) => `/api/projects/${id(2)(side)}/`,
      { json: { title: `${stamp} put`, description: 'by put' } },
      { known: ['put-keeps-owner'] },
    );
  });

  it('escapes tags that run script in instructions, where Label Studio keeps them', async () => {
    const replies = await both.expectSame(
      'instructions with a script',
      'POST',
      '/api/projects/',
      {
        json: {
          title: `${stamp} script`,
          expert_instruction: '<p>Read</p><script>alert(1)</script><iframe src="x"></iframe>',
        },
      },
      { known: ['instruction-active-content'] },
    );
    await both.ok('DELETE', (side) => `/api/projects/${(replies[side].body as { id: number }).id}/`, undefined, 204);
  });

  it('summarizes a project, and deletes it', async () => {
    await both.expectSame('summary', 'GET', (side) => `/api/projects/${id(1)(side)}/summary/`);
    await both.expectSame('delete', 'DELETE', (side) => `/api/projects/${id(3)(side)}/`);
    await both.expectSame('deleted', 'GET', (side) => `/api/projects/${id(3)(side)}/`);
    await both.expectSame('delete again', 'DELETE', (side) => `/api/projects/${id(3)(side)}/`);
  });
});
