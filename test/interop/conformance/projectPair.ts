import { expectSame, type CompareOptions, type Pair } from '../differential/compare.js';
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
  const replies = await both.send(
    'GET',
    (side) => `/api/tasks/?project=${project.ids[side]}&fields=all&page_size=1000`,
  );
  // The display strings differ by database (see the known difference); compared only where both have them.
  const hasDisplayStrings = (side: Side) =>
    (replies[side].body as { tasks?: Record<string, unknown>[] }).tasks?.some((task) =>
      ['annotations_results', 'predictions_results'].some((key) => task[key] !== '' && task[key] !== undefined),
    );
  const known = hasDisplayStrings('ls') ? ['dm-display-strings' as const] : [];
  expectSame(`${what}: the tasks`, replies, both.targets, { ...options, known: [...known, ...(options.known ?? [])] });
  return replies;
}
