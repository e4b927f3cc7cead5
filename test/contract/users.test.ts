import { describe, expect, it } from 'vitest';
import { whoAmI } from '../../renderer/src/api/labeling.js';
import { listUsers } from '../../renderer/src/api/users.js';
import { userListSchema, whoAmISchema } from '../../shared/api/users.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

/** `/api/users/` as the SDK's `users.list()` and `users.get(id)` read it (Label Studio's UserSerializer). */
describe('/api/users/', () => {
  it('lists the organization as a plain array and gets one user by id', async () => {
    const t = await createTestApp();
    // Strictly the shared wire shapes, which the renderer reads them with.
    const whoami = whoAmISchema.parse(await (await t.withToken('/api/current-user/whoami')).json());
    const { permissions, ...user } = whoami;
    expect(permissions).toBeInstanceOf(Array);
    expect(userListSchema.parse(await (await t.withToken('/api/users/')).json())).toEqual([user]);
    expect(await listUsers(rendererClient(t))).toEqual([user]);
    expect(await whoAmI(rendererClient(t))).toEqual(whoami);

    const listed = await t.withToken('/api/users/');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([user]);
    const single = await t.withToken(`/api/users/${t.userId}`);
    expect(await single.json()).toEqual(user);
    expect(Object.keys(user)).toEqual([
      'id',
      'first_name',
      'last_name',
      'username',
      'email',
      'last_activity',
      'custom_hotkeys',
      'avatar',
      'initials',
      'phone',
      'active_organization',
      'active_organization_meta',
      'allow_newsletters',
      'date_joined',
    ]);
  });

  it('answers 404 for an unknown user and 405 for writes Outpost does not offer', async () => {
    const t = await createTestApp();
    await expectEnvelope(await t.withToken('/api/users/999'), 404, 'No User matches the given query.');
    await expectEnvelope(
      await t.withToken('/api/users/', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
      405,
      'Method "POST" not allowed.',
    );
    await expectEnvelope(await t.request('/api/users/'), 401, 'Authentication credentials were not provided.');
  });
});
