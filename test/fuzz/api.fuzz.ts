import { expect, it } from 'vitest';
import { startFuzzServer, seedProject } from './fuzzServer.js';
import { FuzzReport } from './fuzzReport.js';
import { hostileRequest } from './hostileRequest.js';
import { createRandom } from './random.js';
import { checkResponse } from './responseChecks.js';
import { sendRaw } from './sendRaw.js';

/*
 * `npm run fuzz`: hostile requests to every route of a real server on 127.0.0.1. Knobs:
 * FUZZ_SEED (default: random, printed), FUZZ_COUNT (default 10,000), FUZZ_TIME_LIMIT_S (stop
 * sending after this long, default 1,200), FUZZ_REQUEST_TIMEOUT_MS (slower is a hang, default 15,000).
 */
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const count = Number(process.env.FUZZ_COUNT ?? 10_000);
const timeLimitSeconds = Number(process.env.FUZZ_TIME_LIMIT_S ?? 1_200);
const requestTimeoutMillis = Number(process.env.FUZZ_REQUEST_TIMEOUT_MS ?? 15_000);
// Deletes and actions wipe what the requests aim at: new objects every so often keep ids live.
const RESEED_EVERY = 500;
const CREDENTIAL_PATHS = /^\/api\/(current-user\/reset-token|jwt\/settings)\/?$/;

it(`survives ${count} hostile requests (seed ${seed})`, { timeout: (timeLimitSeconds + 300) * 1000 }, async () => {
  const server = await startFuzzServer();
  const { running, routes } = server;
  const report = new FuzzReport();
  const started = performance.now();
  let ids: number[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      if (performance.now() - started > timeLimitSeconds * 1000) {
        console.log(`fuzz: time bound of ${timeLimitSeconds} s reached after ${index} requests`);
        break;
      }
      if (index % RESEED_EVERY === 0)
        ids = [
          ...(await seedProject(running, server.localFilesRoot)),
          ...(await seedProject(running, server.localFilesRoot)),
        ];
      // Routes in turn, so each gets its share; everything else comes from this request's own stream.
      const route = routes[index % routes.length]!;
      const request = hostileRequest(createRandom(seed, index), route, { token: running.token, ids });
      const outcome = await sendRaw(running.url, request, requestTimeoutMillis);
      const status = 'status' in outcome ? String(outcome.status) : 'hang' in outcome ? 'hang' : 'dropped';
      report.record(`${route.path} [${route.methods.join(',')}]`, status, request.bodyKind, outcome.millis);
      const reason = checkResponse(request.method, request.target, outcome);
      if (reason) report.fail({ index, reason, request });
      if (CREDENTIAL_PATHS.test(request.target.split('?')[0] ?? '')) server.restoreCredentials();
    }
    const integrity = running.deps.db.pragma('integrity_check', { simple: true });
    const after = await fetch(`${running.url}/api/projects`, { headers: { Authorization: `Token ${running.token}` } });
    console.log(report.summary(seed, (performance.now() - started) / 1000));
    console.log(`fuzz: PRAGMA integrity_check = ${String(integrity)}; a normal request afterwards: ${after.status}`);
    expect(report.failures.map((failure) => `#${failure.index}: ${failure.reason.slice(0, 200)}`)).toEqual([]);
    expect(integrity).toBe('ok');
    expect(after.status).toBe(200);
  } finally {
    await server.stop();
  }
});
