import { spawnSync } from 'node:child_process';
import { afterAll, test } from 'vitest';
import { createAppStartProbe } from '../helpers/appStartProbe.js';
import { GROUP, printRatios } from './benchCompare.js';

// What a fresh process pays to import the app, build it on an in-memory database and answer one
// authenticated request, against a bare `node` start in the same run (read the ratio). Each run
// also prints its parts, so a regression shows where it went.
const probe = await createAppStartProbe();
afterAll(() => probe.close());

test('app start: fresh process, createApp, first request', GROUP, async ({ bench }) => {
  const baseline = bench('baseline: node starts and exits', () => {
    spawnSync(process.execPath, ['-e', '']);
  });
  const app = bench('import the app, createApp, GET /api/projects', async () => {
    const run = await probe.run({ recordModules: false });
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `app start: process start to app loaded ${ms(run.loadMs)}, createApp ${ms(run.createMs)}, ` +
        `first request ${ms(run.firstRequestMs)}, whole process ${ms(run.wallMs)}`,
    );
  });
  printRatios(await bench.compare(baseline, app, { iterations: 5, time: 0 }), baseline, [app]);
});
