/*
 * Run as a bundled child process by appStartProbe.ts: starts the real app on an in-memory
 * database, answers one authenticated request, and prints how long each part took (one JSON line).
 * With APP_START_TOUCH_HEAVY=1 it then loads the cloud SDKs and the model libraries on purpose:
 * the check that the probe sees a heavy module when one is loaded.
 */
const { createTestApp } = await import('./testApp.js');
// performance.now() counts from the process's start: Node's own start plus every module the bundle
// imports (the packages it leaves as run-time imports load before its first line runs).
const imported = performance.now();
const t = await createTestApp();
const created = performance.now();
const response = await t.withToken('/api/projects');
await response.arrayBuffer();
const answered = performance.now();
if (process.env.APP_START_TOUCH_HEAVY === '1') {
  const sdks = await import('../../electron/core/storages/clients/storageSdks.js');
  const learners = await import('../../electron/core/ml/local/learnerLibraries.js');
  const features = await import('../../electron/core/ml/local/textFeatures.js');
  await Promise.all([
    ...[sdks.loadS3Sdk, sdks.loadS3Presigner, sdks.loadAzureSdk, sdks.loadGcsSdk, sdks.loadRedis].map((load) => load()),
    learners.loadLearnerLibraries(),
    features.loadTextFeatures(),
  ]);
}
t.db.close();
console.log(
  JSON.stringify({
    status: response.status,
    loadMs: imported,
    createMs: created - imported,
    firstRequestMs: answered - created,
  }),
);

export {};
