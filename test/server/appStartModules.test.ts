import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStartProbe, HEAVY_PACKAGES, type AppStartProbe } from '../helpers/appStartProbe.js';

// Starting the server (and every test file that builds an app) must not pay for the cloud SDKs
// and the model libraries: they load when a storage or the built-in model is first used.
describe('starting the app', () => {
  let probe: AppStartProbe;
  beforeAll(async () => {
    probe = await createAppStartProbe();
  });
  afterAll(() => probe?.close());

  it('answers its first request without loading a cloud SDK or a model library', async () => {
    const run = await probe.run();
    expect(run.status).toBe(200);
    // The recording sees the packages the app does need.
    expect(run.packages).toContain('hono');
    expect(run.packages).toContain('better-sqlite3');
    expect(HEAVY_PACKAGES.filter((name) => run.packages.has(name))).toEqual([]);
  });

  it('sees each of those packages once something loads it', async () => {
    const run = await probe.run({ touchHeavy: true });
    expect(HEAVY_PACKAGES.filter((name) => run.packages.has(name))).toEqual(HEAVY_PACKAGES);
  });
});
