import { describe, expect, it } from 'vitest';
import { useBoth } from '../differential/both.js';
import { INVALID_CONFIGS } from './invalidConfigs.js';

/*
 * Label configs against Label Studio: every template of Outpost's gallery validated and used for a
 * project (so parsed_label_config, control_weights and the other derived fields are compared),
 * and a catalogue of invalid configs (status and error text, on the global validate endpoint and
 * on project create).
 */
describe('label configs, Outpost against Label Studio', () => {
  const both = useBoth();

  it('validates every gallery template, and derives the same project fields from it', async () => {
    const gallery = await both.targets.outpost.send('GET', '/api/templates/');
    const templates = (gallery.body as { templates: { title: string; config: string }[] }).templates;
    expect(templates.length).toBeGreaterThan(30);
    for (const template of templates) {
      await both.expectSame(`validate "${template.title}"`, 'POST', '/api/projects/validate/', {
        json: { label_config: template.config },
      });
      const created = await both.expectSame(`a project of "${template.title}"`, 'POST', '/api/projects/', {
        json: { title: template.title.slice(0, 50).padEnd(3, '.'), label_config: template.config },
      });
      await both.ok('DELETE', (side) => `/api/projects/${(created[side].body as { id: number }).id}/`, undefined, 204);
    }
  });

  it('derives the same project fields from configs beyond the gallery', async () => {
    const text = '<Text name="text" value="$text"/>';
    const configs: Record<string, string> = {
      'an image list (valueList)':
        '<View><Image name="pages" valueList="$images"/><Choices name="c" toName="pages"><Choice value="ok"/></Choices></View>',
      'a Repeater with indexFlag':
        '<View><Repeater on="$pages" indexFlag="{{idx}}"><Image name="page_{{idx}}" value="$pages[{{idx}}].url"/>' +
        '<RectangleLabels name="box_{{idx}}" toName="page_{{idx}}"><Label value="A"/></RectangleLabels></Repeater></View>',
      'per-region conditionals':
        `<View>${text}<Labels name="l" toName="text"><Label value="PER"/></Labels>` +
        '<Choices name="c" toName="text" perRegion="true" whenLabelValue="PER"><Choice value="x"/></Choices></View>',
      'dynamic labels': `<View>${text}<Choices name="c" toName="text" value="$options"/></View>`,
      'aliases and extra attributes': `<View>${text}<Choices name="c" toName="text"><Choice value="Positive" alias="pos" hotkey="1" background="red"/></Choices></View>`,
      'a number and a rating': `<View>${text}<Number name="n" toName="text" min="0"/><Rating name="r" toName="text" maxRating="5"/></View>`,
    };
    for (const [what, config] of Object.entries(configs)) {
      await both.expectSame(`validate ${what}`, 'POST', '/api/projects/validate/', { json: { label_config: config } });
      const created = await both.expectSame(`a project of ${what}`, 'POST', '/api/projects/', {
        json: { title: 'Beyond the gallery', label_config: config },
      });
      if (created.ls.status === 201) {
        await both.ok(
          'DELETE',
          (side) => `/api/projects/${(created[side].body as { id: number }).id}/`,
          undefined,
          204,
        );
      }
    }
  });

  it('refuses invalid configs with the same status and message', async () => {
    for (const [what, config] of Object.entries(INVALID_CONFIGS)) {
      await both.expectSame(`validate: ${what}`, 'POST', '/api/projects/validate/', { json: { label_config: config } });
      const created = await both.expectSame(`create: ${what}`, 'POST', '/api/projects/', {
        json: { title: 'Invalid config', label_config: config },
      });
      if (created.ls.status === 201) {
        await both.ok(
          'DELETE',
          (side) => `/api/projects/${(created[side].body as { id: number }).id}/`,
          undefined,
          204,
        );
      }
    }
  });

  it('takes a config with an XML declaration, where Label Studio fails with a 500 on create', async () => {
    const config = '<?xml version="1.0" encoding="UTF-8"?><View><Text name="text" value="$text"/></View>';
    await both.expectSame('validate', 'POST', '/api/projects/validate/', { json: { label_config: config } });
    const created = await both.expectSame(
      'create',
      'POST',
      '/api/projects/',
      { json: { title: 'Declared', label_config: config } },
      { known: ['label-studio-500'] },
    );
    await both.targets.outpost.send('DELETE', `/api/projects/${(created.outpost.body as { id: number }).id}/`);
  });

  it('validates a config against a project and its annotations', async () => {
    const config =
      '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
    const project = await both.ok<{ id: number }>(
      'POST',
      '/api/projects/',
      { json: { title: 'Validate', label_config: config } },
      201,
    );
    const path = (side: 'ls' | 'outpost') => `/api/projects/${project[side].id}/validate/`;
    await both.expectSame('same config, no tasks', 'POST', path, { json: { label_config: config } });
    await both.expectSame('empty', 'POST', path, { json: { label_config: '' } });
    await both.expectSame('missing', 'POST', path, { json: {} });

    // Annotated through the API: Label Studio's project summary (which these checks read) counts
    // those, not imported ones (see the case below).
    const tasks = await both.ok<{ task_ids: number[] }>(
      'POST',
      (side) => `/api/projects/${project[side].id}/import?return_task_ids=true`,
      { json: [{ data: { text: 'a' } }] },
      201,
    );
    await both.ok(
      'POST',
      (side) => `/api/tasks/${tasks[side].task_ids[0]}/annotations/`,
      { json: { result: [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }] } },
      201,
    );
    const cases: Record<string, string> = {
      unchanged: config,
      'a label added': config.replace('<Choice value="neg"/>', '<Choice value="neg"/><Choice value="meh"/>'),
      'a used label removed': config.replace('<Choice value="pos"/>', ''),
      'an unused label removed': config.replace('<Choice value="neg"/>', ''),
      'the control renamed': config.replace('name="label"', 'name="sentiment"'),
      'the control removed': '<View><Text name="text" value="$text"/></View>',
      'the data key renamed': config.replace('$text', '$body'),
      'a second control': config.replace('</View>', '<TextArea name="note" toName="text"/></View>'),
      'the control retyped': config.replace(/Choices/g, 'Labels').replace(/Choice /g, 'Label '),
    };
    for (const [what, changed] of Object.entries(cases)) {
      await both.expectSame(`validate against annotations: ${what}`, 'POST', path, { json: { label_config: changed } });
      await both.expectSame(
        `patch against annotations: ${what}`,
        'PATCH',
        (side) => `/api/projects/${project[side].id}/`,
        {
          json: { label_config: changed },
        },
      );
      await both.ok('PATCH', (side) => `/api/projects/${project[side].id}/`, { json: { label_config: config } });
    }
    await both.expectSame('summary', 'GET', (side) => `/api/projects/${project[side].id}/summary/`, undefined, {
      known: ['project-summary'],
    });
  });

  it('counts imported annotations in the checks, where Label Studio does not', async () => {
    const config =
      '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
    const project = await both.ok<{ id: number }>(
      'POST',
      '/api/projects/',
      { json: { title: 'Imported', label_config: config } },
      201,
    );
    const result = [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }];
    await both.ok(
      'POST',
      (side) => `/api/projects/${project[side].id}/import`,
      { json: [{ data: { text: 'a' }, annotations: [{ result }] }] },
      201,
    );
    await both.expectSame(
      'a used label removed',
      'POST',
      (side) => `/api/projects/${project[side].id}/validate/`,
      { json: { label_config: config.replace('<Choice value="pos"/>', '') } },
      { known: ['project-summary'] },
    );
    await both.expectSame('summary', 'GET', (side) => `/api/projects/${project[side].id}/summary/`, undefined, {
      known: ['project-summary'],
    });
  });
});
