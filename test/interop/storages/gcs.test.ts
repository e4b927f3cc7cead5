import { describe, expect, it } from 'vitest';
import { gcsStorageError } from '../../../electron/core/storages/clients/gcsClient.js';
import { storageSecretKey } from '../../../electron/core/storages/storageDeps.js';
import { expectEnvelope } from '../../helpers/envelope.js';
import { call } from '../../helpers/taskApi.js';
import type { TestApp } from '../../helpers/testApp.js';
import { addGcsStorage, CREDENTIALS_MARKER, gcsApp, newBucket, serviceAccountJson, useFakeGcs } from './gcsRig.js';

/*
 * GCS storages' settings through Outpost's API against fake-gcs-server: saved in Label Studio's
 * shape with the key kept out of answers and the database, and refused with the texts Label
 * Studio 1.22 gives for the same settings (recorded by running its GCS.validate_connection, with
 * STORAGE_EMULATOR_HOST, against the same fake-gcs-server).
 */

const gcs = useFakeGcs();

const IMPORT_KEYS = [
  'id',
  'type',
  'synchronizable',
  'presign',
  'bucket',
  'prefix',
  'regex_filter',
  'use_blob_urls',
  'google_project_id',
  'last_sync',
  'last_sync_count',
  'last_sync_job',
  'status',
  'traceback',
  'meta',
  'title',
  'description',
  'created_at',
  'presign_ttl',
  'recursive_scan',
  'project',
];

/** Every value of every table, as text: where a leaked key would show. */
function wholeDatabase(t: TestApp): string {
  const tables = t.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  return tables.map(({ name }) => JSON.stringify(t.db.prepare(`SELECT * FROM "${name}"`).all())).join('\n');
}

const refusal = async (t: TestApp, body: Record<string, unknown>, path = '/api/storages/gcs') => {
  const answer = await call(t, 'POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  return answer.body.validation_errors.non_field_errors as string[];
};

describe('GCS storages: settings', () => {
  it('validates, saves, lists, changes and deletes a storage, never showing or storing the key', async () => {
    const bucket = await newBucket(gcs());
    await gcs().putObject(bucket, 'images/a.png', 'x');
    const { t, project } = await gcsApp();
    const credentials = serviceAccountJson();
    const fields = {
      bucket,
      prefix: 'images',
      google_application_credentials: credentials,
      google_project_id: 'outpost-interop',
      title: 'Photos',
    };
    expect((await call(t, 'POST', '/api/storages/gcs/validate', { project, ...fields })).status).toBe(200);
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });

    const storage = await addGcsStorage(t, project, fields);
    expect(Object.keys(storage)).toEqual(IMPORT_KEYS);
    expect(storage).toMatchObject({
      type: 'gcs',
      presign: true,
      bucket,
      prefix: 'images',
      regex_filter: null,
      use_blob_urls: false,
      google_project_id: 'outpost-interop',
      status: 'initialized',
      title: 'Photos',
      presign_ttl: 1,
      recursive_scan: false,
      project,
    });
    expect((await call(t, 'GET', `/api/storages/gcs?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/?project=${project}`)).body).toEqual([storage]);
    expect((await call(t, 'GET', `/api/storages/gcs/${storage.id}`)).body).toEqual(storage);

    const renamed = await call(t, 'PATCH', `/api/storages/gcs/${storage.id}`, { title: 'Renamed' });
    expect(renamed.body).toMatchObject({ title: 'Renamed', bucket });
    // The form comes back without the key: a blank one keeps the stored key, which still works.
    const resent = await call(t, 'PATCH', `/api/storages/gcs/${storage.id}`, {
      prefix: 'images/',
      google_application_credentials: '',
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const badMove = await call(t, 'PATCH', `/api/storages/gcs/${storage.id}`, { bucket: 'no-such-bucket' });
    expect(badMove.body.validation_errors.non_field_errors).toEqual([
      `404 GET ${gcs().url}/storage/v1/b/no-such-bucket?projection=noAcl&prettyPrint=false: Not Found`,
    ]);
    expect((await call(t, 'GET', `/api/storages/gcs/${storage.id}`)).body.bucket).toBe(bucket);

    for (const answer of [storage, renamed.body, resent.body]) {
      expect(JSON.stringify(answer)).not.toContain(CREDENTIALS_MARKER);
    }
    expect(wholeDatabase(t)).not.toContain(CREDENTIALS_MARKER);
    expect(wholeDatabase(t)).not.toContain('PRIVATE KEY');
    const vaultKey = storageSecretKey(storage.id, 'google_application_credentials');
    expect(t.deps.secretsVault!.get(vaultKey)).toBe(credentials);

    expect((await call(t, 'DELETE', `/api/storages/gcs/${storage.id}`)).status).toBe(204);
    expect(t.deps.secretsVault!.get(vaultKey)).toBeNull();
    await expectEnvelope(
      await t.withToken(`/api/storages/gcs/${storage.id}`),
      404,
      'No GCSImportStorage matches the given query.',
    );
  });

  it("refuses a missing bucket, an empty prefix and broken keys in Label Studio's words, saving nothing", async () => {
    const bucket = await newBucket(gcs());
    await gcs().putObject(bucket, 'images/a.png', 'x');
    const { t, project } = await gcsApp();
    const base = { project, bucket };
    expect(await refusal(t, { ...base, bucket: 'no-such-bucket' })).toEqual([
      `404 GET ${gcs().url}/storage/v1/b/no-such-bucket?projection=noAcl&prettyPrint=false: Not Found`,
    ]);
    expect(await refusal(t, { project })).toEqual(['Cannot determine path without bucket name.']);
    expect(await refusal(t, { ...base, prefix: 'nothing-here' })).toEqual([
      `No blobs found in ${bucket}/nothing-here or prefix doesn't exist`,
    ]);
    // The check lists under the prefix as typed, so a partial folder name passes it.
    expect((await call(t, 'POST', '/api/storages/gcs/validate', { ...base, prefix: 'imag' })).status).toBe(200);

    const withKey = (text: string) => ({ ...base, google_application_credentials: text });
    const [notJson] = await refusal(t, withKey('{not json'));
    expect(notJson).toMatch(/^Google Application Credentials must be valid JSON string\. /);
    expect(await refusal(t, withKey('[1]'))).toEqual(["'list' object has no attribute 'keys'"]);
    expect(await refusal(t, withKey('"text"'))).toEqual(["'str' object has no attribute 'keys'"]);
    expect(await refusal(t, withKey(serviceAccountJson({ client_email: undefined })))).toEqual([
      'Service account info was not in the expected format, missing fields client_email.',
    ]);
    expect(await refusal(t, withKey(serviceAccountJson({ private_key: undefined })))).toEqual([
      'The private_key field was not found in the service account info.',
    ]);
    expect(await refusal(t, withKey(serviceAccountJson({ private_key: 'nope' })))).toEqual([
      'Unable to load PEM file. See https://cryptography.io/en/latest/faq/#why-can-t-i-import-my-pem-file for ' +
        'more details. MalformedFraming',
    ]);
    expect(t.db.prepare('SELECT count(*) AS n FROM storages').get()).toEqual({ n: 0 });

    // A target storage makes its prefix: only the bucket is checked.
    const target = await addGcsStorage(t, project, { bucket, prefix: 'not-yet' }, 'export/');
    expect(target).toMatchObject({ type: 'gcs', prefix: 'not-yet', status: 'completed' });
    expect(await refusal(t, { project, bucket: 'no-such-bucket' }, '/api/storages/export/gcs')).toHaveLength(1);
  });

  it('asks for the application default credentials, as Label Studio does, without a key or an emulator', async () => {
    const { t, project } = await gcsApp();
    // No emulator, no key file, no gcloud login and no metadata server: nothing to authenticate with.
    const changes: Record<string, string | undefined> = {
      STORAGE_EMULATOR_HOST: undefined,
      GOOGLE_APPLICATION_CREDENTIALS: undefined,
      HOME: '/nonexistent-outpost-home',
      METADATA_SERVER_DETECTION: 'none',
    };
    const saved = Object.fromEntries(Object.keys(changes).map((name) => [name, process.env[name]]));
    const apply = (values: Record<string, string | undefined>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    };
    apply(changes);
    try {
      expect(await refusal(t, { project, bucket: 'any-bucket' })).toEqual([
        'Your default credentials were not found. To set up Application Default Credentials, see ' +
          'https://cloud.google.com/docs/authentication/external/set-up-adc for more information.',
      ]);
    } finally {
      apply(saved);
    }
  });

  it("words credentials the token endpoint refuses as google-auth's RefreshError prints", () => {
    // What gtoken throws when Google answers 400 to the signed assertion (no network in tests).
    const refused = Object.assign(new Error('invalid_grant: Invalid JWT Signature.'), {
      response: { status: 400, data: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } },
    });
    const error = gcsStorageError(refused);
    expect(error.message).toBe('invalid_grant: Invalid JWT Signature.');
    // str(RefreshError(...)) as Python 3.11 printed it for this answer.
    expect(error.labelStudioMessage).toBe(
      "('invalid_grant: Invalid JWT Signature.', {'error': 'invalid_grant', 'error_description': " +
        "'Invalid JWT Signature.'})",
    );
  });
});
