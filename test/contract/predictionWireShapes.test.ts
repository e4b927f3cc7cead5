import { describe, expect, it } from 'vitest';
import { getNeighbourTaskId, getNextTaskId, getLabelingTask } from '../../renderer/src/api/labeling.js';
import { getSampleTaskData } from '../../renderer/src/api/labelingPreview.js';
import { listModelVersions } from '../../renderer/src/api/projectSettings.js';
import { exportFormatListSchema } from '../../shared/api/exports.js';
import { listExportFormats } from '../../renderer/src/api/exportApi.js';
import { predictionSchema } from '../../shared/api/predictions.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The last answers the renderer typed by hand, now read with shared schemas: predictions in a
 * task, model versions, the sample task, the next and neighbouring task ids, the export formats.
 */

const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
const RESULT = [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }];

async function projectWithPredictions() {
  const t = await createTestApp();
  const client = rendererClient(t);
  const project = await client.post<{ id: number }>('/api/projects/', { title: 'Predictions', label_config: CONFIG });
  await client.post(`/api/projects/${project.id}/import`, [
    { data: { text: 'one' }, predictions: [{ model_version: 'v1', score: 0.5, result: RESULT }] },
    { data: { text: 'two' }, predictions: [{ model_version: 'v2', result: RESULT }] },
    { data: { text: 'three' } },
  ]);
  const page = await client.get<{ tasks: { id: number }[] }>('/api/tasks/', { query: { project: project.id } });
  return { t, client, project: project.id, tasks: page.tasks.map((task) => task.id).sort((a, b) => a - b) };
}

describe('prediction and labeling wire shapes', () => {
  it('a task’s predictions and /api/predictions items parse strictly as PredictionSerializer', async () => {
    const { t, client, tasks } = await projectWithPredictions();
    const task = await getLabelingTask(client, tasks[0]!);
    expect(task.predictions).toHaveLength(1);
    expect(task.predictions[0]).toMatchObject({ model_version: 'v1', score: 0.5, task: tasks[0], result: RESULT });
    const listed = (await (await t.withToken(`/api/predictions/?task=${tasks[1]}`)).json()) as unknown[];
    expect(listed.map((item) => predictionSchema.parse(item).model_version)).toEqual(['v2']);
  });

  it('model versions with their counts, and the sample task of a config', async () => {
    const { client, project } = await projectWithPredictions();
    expect(await listModelVersions(client, project)).toEqual({ v1: 1, v2: 1 });
    expect(await getSampleTaskData(client, project, CONFIG)).toEqual({ text: expect.any(String) as unknown });
  });

  it('the next task of the stream, and the neighbours in id order', async () => {
    const { client, project, tasks } = await projectWithPredictions();
    expect(tasks).toContain(await getNextTaskId(client, project));
    expect(await getNeighbourTaskId(client, project, tasks[0]!, 'next')).toBe(tasks[1]);
    expect(await getNeighbourTaskId(client, project, tasks[0]!, 'previous')).toBeNull();
  });

  it('the export formats', async () => {
    const { t, client, project } = await projectWithPredictions();
    const raw = (await (await t.withToken(`/api/projects/${project}/export/formats`)).json()) as unknown;
    expect(await listExportFormats(client, project)).toEqual(exportFormatListSchema.parse(raw));
  });
});
