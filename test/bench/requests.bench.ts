import { test } from 'vitest';
import { findLegacyTokenOwner } from '../../electron/core/domain/tokens/legacyTokens.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';
import { GROUP, printRatios } from './benchCompare.js';

// Authenticated request overhead: the full app (routing, host check, token auth, JSON) against
// the raw database work the same request does. Read the ratio, not the absolute times.
const t = await createTestApp();
const access = ((await (await t.postJson('/api/token/refresh/', { refresh: t.pat })).json()) as { access: string })
  .access;
const selectUser = t.db.prepare('SELECT * FROM users WHERE id = ?');

test('GET /api/current-user/whoami', GROUP, async ({ bench }) => {
  const baseline = bench('baseline: raw better-sqlite3 token check + user row', () => {
    findLegacyTokenOwner(t.ctx, TEST_TOKEN);
    selectUser.get(t.userId);
  });
  const token = bench('app.request with Authorization: Token', async () => {
    await t.withToken('/api/current-user/whoami');
  });
  const bearer = bench('app.request with Authorization: Bearer (JWT verify)', async () => {
    await t.request('/api/current-user/whoami', { headers: { Authorization: `Bearer ${access}` } });
  });
  printRatios(await bench.compare(baseline, token, bearer), baseline, [token, bearer]);
});
