import { beforeAll, describe, expect, it } from 'vitest';
import { projectQualitySchema } from '../../shared/api/quality.js';
import { call, createProject, createTask, insertOtherUser, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The quality report on a project with a Rating and a Number question, and an annotation whose
 * author was deleted: the statistics are read at the level each control asks for, and the unknown
 * author counts as one annotator with id 0 and no user.
 */

const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Rating name="stars" toName="text" maxRating="5"/>' +
  '<Number name="count" toName="text" min="0" max="10"/></View>';

const answer = (stars: number, count: number) => [
  { from_name: 'stars', to_name: 'text', type: 'rating', value: { rating: stars } },
  { from_name: 'count', to_name: 'text', type: 'number', value: { number: count } },
];

describe('GET /api/outpost/projects/{id}/quality with ratings and numbers', () => {
  let t: TestApp;
  let project: number;
  let me: number;
  let gone: number;

  beforeAll(async () => {
    t = await createTestApp();
    me = ((await call(t, 'GET', '/api/current-user/whoami')).body as { id: number }).id;
    gone = insertOtherUser(t, 'gone@example.com');
    project = await createProject(t, { label_config: CONFIG });
    // The same stars on every task; counts 2 apart on the last one, out of a 0-10 range.
    const answers: Array<[number, number, number, number]> = [
      [1, 3, 1, 3],
      [3, 5, 3, 5],
      [5, 8, 5, 6],
    ];
    for (const [myStars, myCount, theirStars, theirCount] of answers) {
      const task = await createTask(t, project, { text: 'x' });
      for (const [who, result] of [
        [me, answer(myStars, myCount)],
        [gone, answer(theirStars, theirCount)],
      ] as const) {
        const { status } = await call(t, 'POST', `/api/tasks/${task}/annotations/`, { result, completed_by: who });
        expect(status).toBe(201);
      }
    }
    // The author leaves: their annotations stay, with no author.
    t.db.prepare('UPDATE annotations SET completed_by = NULL WHERE completed_by = ?').run(gone);
  });

  it('reads stars as ordinal and numbers as interval, and names the unknown author 0', async () => {
    const quality = projectQualitySchema.parse((await call(t, 'GET', `/api/outpost/projects/${project}/quality`)).body);
    const [stars, count] = quality.controls;
    // Identical stars over three categories: perfect agreement.
    expect(stars).toEqual({
      from_name: 'stars',
      type: 'Rating',
      level: 'ordinal',
      annotators: 2,
      items: 3,
      cohen_kappa: 1,
      fleiss_kappa: 1,
      krippendorff_alpha: 1,
    });
    expect(count).toMatchObject({ from_name: 'count', type: 'Number', level: 'interval', annotators: 2, items: 3 });
    // Interval alpha: observed disagreement 2 × (8 - 6)² / 6 values = 4/3; expected: the squared
    // differences of all ordered pairs of the six values 3 3 5 5 8 6, 2 × 6 × 18 / (6 × 5) = 7.2.
    expect(count!.krippendorff_alpha).toBeCloseTo(1 - 4 / 3 / 7.2, 12);
    // Pair scores: stars always 1; counts 1, 1 and 1 - 2/10 on the last task; a task is the mean of both.
    expect(quality.tasks.map((task) => task.agreement)).toEqual([1, 1, 0.9]);
    expect(quality.annotators.map(({ id, user }) => ({ id, user: user?.email ?? null }))).toEqual([
      { id: me, user: expect.any(String) as string },
      { id: 0, user: null },
    ]);
    expect(quality.matrix.annotators).toEqual([me, 0]);
  });
});
