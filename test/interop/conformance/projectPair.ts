import type { CompareOptions, Pair } from '../differential/compare.js';
import type { Both } from '../differential/both.js';
import type { Side } from '../differential/targets.js';

/* A project made the same way on both servers, and the comparisons the import and task cases share. */

export const TEXT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
export const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="cat"/><Choice value="dog"/></Choices></View>';

export function choice(value: string, toName = 'text') {
  return [{ from_name: 'label', to_name: toName, type: 'choices', value: { choices: [value] } }];
}

export interface ProjectPair {
  ids: Pair<number>;
  /** `/api/projects/<id>` on each side, plus `rest`. */
  path(rest?: string): (side: Side) => string;
}

export async function createPair(both: Both, labelConfig: string, title = 'Conformance'): Promise<ProjectPair> {
  const created = await both.ok<{ id: number }>(
    'POST',
    '/api/projects/',
    { json: { title, label_config: labelConfig } },
    201,
  );
  const ids = { ls: created.ls.id, outpost: created.outpost.id };
  return {
    ids,
    path:
      (rest = '') =>
      (side) =>
        `/api/projects/${ids[side]}${rest}`,
  };
}

/** Every task of the project with annotations and predictions, compared field by field. */
export async function expectSameTasks(both: Both, project: ProjectPair, what: string, options: CompareOptions = {}) {
  return both.expectSame(
    `${what}: the tasks`,
    'GET',
    (side) => `/api/tasks/?project=${project.ids[side]}&fields=all&page_size=1000`,
    undefined,
    { ...options, tolerate: ['dm-display-strings', ...(options.tolerate ?? [])] },
  );
}
