import { describe, expect, it } from 'vitest';
import { storageDepsFrom, storageSecretKey } from '../../electron/core/storages/storageDeps.js';
import { AZURITE_ACCOUNT, AZURITE_KEY, containerWith, useAzurite } from '../helpers/azuriteServer.js';
import { call, createProject } from '../helpers/taskApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/* Azure Blob storages' settings through the API, against Azurite. */

const azurite = useAzurite();
const CREDENTIALS = { account_name: AZURITE_ACCOUNT, account_key: AZURITE_KEY };
const WRONG_KEY = Buffer.from('not the account key at all, but base64 all the same').toString('base64');

const IMPORT_KEYS = [
  'id', 'type', 'synchronizable', 'presign', 'container', 'prefix', 'regex_filter', 'use_blob_urls', 'last_sync',
  'last_sync_count', 'last_sync_job', 'status', 'traceback', 'meta', 'title', 'description', 'created_at',
  'presign_ttl', 'recursive_scan', 'project',
]; // prettier-ignore

async function appWithProject() {
  const t = await createTestApp();
  return { t, project: await createProject(t) };
}

async function refusal(t: TestApp, path: string, body: Record<string, unknown>): Promise<unknown> {
  const answer = await call(t, 'POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  return answer.body.validation_errors?.non_field_errors;
}

describe('Azure Blob storages: settings', () => {
  it('creates, lists, reads, changes and deletes a storage, never showing or storing its keys', async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), { 'data/a.json': '{}' });
    const created = await call(t, 'POST', '/api/storages/azure', {
      project,
      container: name,
      prefix: 'data',
      ...CREDENTIALS,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const storage = created.body as Record<string, unknown> & { id: number };
    expect(Object.keys(storage)).toEqual(IMPORT_KEYS);
    expect(storage).toMatchObject({
      type: 'azure',
      presign: true,
      container: name,
      prefix: 'data',
      use_blob_urls: false,
      status: 'initialized',
      presign_ttl: 1,
      recursive_scan: false,
      project,
    });
    expect((await call(t, 'GET', `/api/storages/azure?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/azure/${storage.id}`)).body).toEqual(storage);

    // A title alone is saved without asking Azure; a blank key keeps the stored one.
    const renamed = await call(t, 'PATCH', `/api/storages/azure/${storage.id}`, { title: 'Blobs', account_key: '' });
    expect(renamed.body).toMatchObject({ title: 'Blobs', prefix: 'data' });
    expect(renamed.body).not.toHaveProperty('account_key');
    const moved = await call(t, 'PATCH', `/api/storages/azure/${storage.id}`, { prefix: 'elsewhere' });
    expect(moved.body.validation_errors.non_field_errors).toEqual([`'azure-blob://${name}/elsewhere not found.'`]);
    const wrongKey = await call(t, 'PATCH', `/api/storages/azure/${storage.id}`, { account_key: WRONG_KEY });
    expect(wrongKey.status).toBe(400);
    expect((await call(t, 'GET', `/api/storages/azure/${storage.id}`)).body.prefix).toBe('data');

    const vault = storageDepsFrom(t.deps).secretsVault;
    expect(vault.get(storageSecretKey(storage.id, 'account_key'))).toBe(AZURITE_KEY);
    const rows = JSON.stringify(t.db.prepare('SELECT * FROM storages').all());
    expect(rows).not.toContain(AZURITE_KEY);
    expect(rows).not.toContain(AZURITE_ACCOUNT);
    expect(rows).not.toContain(WRONG_KEY);

    expect((await call(t, 'DELETE', `/api/storages/azure/${storage.id}`)).status).toBe(204);
    expect((await call(t, 'GET', `/api/storages/azure/${storage.id}`)).status).toBe(404);
    expect(vault.get(storageSecretKey(storage.id, 'account_key'))).toBeNull();
    expect(vault.get(storageSecretKey(storage.id, 'account_name'))).toBeNull();
  });

  it('validates settings without saving them', async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), { 'a.json': '{}' });
    const checked = await call(t, 'POST', '/api/storages/azure/validate', { project, container: name, ...CREDENTIALS });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const refused = await refusal(t, '/api/storages/azure/validate', {
      project,
      container: name,
      ...CREDENTIALS,
      account_key: WRONG_KEY,
    });
    expect(refused).toHaveLength(1);
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });
  });

  it("refuses a wrong key with the service's reply, as Label Studio shows it", async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite());
    const [reason] = (await refusal(t, '/api/storages/azure', {
      project,
      container: name,
      ...CREDENTIALS,
      account_key: WRONG_KEY,
    })) as string[];
    expect(reason).toMatch(
      /^Server failed to authenticate the request\. .*\nRequestId:[0-9a-f-]+\nTime:[^\n]+\nErrorCode:AuthorizationFailure$/s,
    );
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });
  });

  it('refuses a missing container, a prefix with nothing under it, and missing keys', async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), { 'data/a.json': '{}' });
    const base = { project, ...CREDENTIALS };
    expect(await refusal(t, '/api/storages/azure', { ...base, container: 'no-such-box' })).toEqual([
      "'Container not found: no-such-box'",
    ]);
    expect(await refusal(t, '/api/storages/azure', { ...base, container: name, prefix: 'nothing/here' })).toEqual([
      `'azure-blob://${name}/nothing/here not found.'`,
    ]);
    // The prefix is checked as typed: `dat` has `data/a.json` under it.
    expect((await call(t, 'POST', '/api/storages/azure', { ...base, container: name, prefix: 'dat' })).status).toBe(
      201,
    );
    // An empty prefix means the whole container.
    expect((await call(t, 'POST', '/api/storages/azure', { ...base, container: name, prefix: '' })).status).toBe(201);
    // Export storages do not need anything under their prefix.
    const target = await call(t, 'POST', '/api/storages/export/azure', { ...base, container: name, prefix: 'out' });
    expect(target.status, JSON.stringify(target.body)).toBe(201);
    expect(target.body).not.toHaveProperty('account_name');
    expect(await refusal(t, '/api/storages/export/azure', { ...base, container: 'no-such-box' })).toEqual([
      "'Container not found: no-such-box'",
    ]);
    expect(
      await refusal(t, '/api/storages/azure', { project, container: name, account_name: AZURITE_ACCOUNT }),
    ).toEqual([
      'Azure account name and key must be set using environment variables AZURE_BLOB_ACCOUNT_NAME and ' +
        'AZURE_BLOB_ACCOUNT_KEY or account_name and account_key fields.',
    ]);
    expect(await refusal(t, '/api/storages/azure', { ...base })).toEqual([
      'Container name must be set for Azure Blob storage',
    ]);
  });

  it("takes the account from Label Studio's variables when the fields are blank", async () => {
    const { t, project } = await appWithProject();
    const { name } = await containerWith(azurite(), { 'a.json': '{}' });
    process.env.AZURE_BLOB_ACCOUNT_NAME = AZURITE_ACCOUNT;
    process.env.LABEL_STUDIO_AZURE_BLOB_ACCOUNT_KEY = AZURITE_KEY;
    try {
      const created = await call(t, 'POST', '/api/storages/azure', { project, container: name });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    } finally {
      delete process.env.AZURE_BLOB_ACCOUNT_NAME;
      delete process.env.LABEL_STUDIO_AZURE_BLOB_ACCOUNT_KEY;
    }
  });
});
