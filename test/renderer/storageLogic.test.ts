import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { localfilesImportStorageSchema } from '../../shared/api/storages.js';
import type { StorageType, Storage, StorageFormRow } from '../../renderer/src/api/storages.js';
import {
  formProblems,
  formRequestFields,
  initialFormValues,
  isFieldActive,
  layoutFields,
  layoutRows,
} from '../../renderer/src/features/storages/storageForm.js';
import {
  durationText,
  locationText,
  statusLabel,
  statusTone,
  storageName,
  syncProgressText,
  syncResultText,
} from '../../renderer/src/features/storages/storageText.js';

/** Label Studio's own layouts, as the server answers them. */
const form = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../electron/core/domain/storages/forms/${name}.json`, import.meta.url), 'utf8'),
  ) as StorageFormRow[];

type LocalFilesImport = z.infer<typeof localfilesImportStorageSchema>;

/** A local folder storage; tests about names and texts give it another type. */
function storage(
  overrides: Partial<Omit<LocalFilesImport, 'type'>> & { type?: StorageType; [field: string]: unknown } = {},
): Storage {
  return {
    id: 4,
    type: 'localfiles',
    synchronizable: true,
    last_sync: null,
    last_sync_count: null,
    last_sync_job: null,
    status: 'initialized',
    traceback: null,
    meta: {},
    title: 'Photos',
    description: null,
    created_at: '2025-03-01T10:00:00.000000Z',
    project: 1,
    path: '/data/photos',
    regex_filter: null,
    use_blob_urls: true,
    recursive_scan: false,
    ...overrides,
  } as Storage;
}

describe('storage texts', () => {
  it('says every status in words with a tone, and an unknown one as it is', () => {
    expect(
      ['initialized', 'queued', 'in_progress', 'failed', 'completed', 'completed_with_errors'].map((status) => [
        statusLabel(status),
        statusTone(status),
      ]),
    ).toEqual([
      ['Not synced yet', 'off'],
      ['Queued', 'busy'],
      ['Syncing', 'busy'],
      ['Failed', 'error'],
      ['Synced', 'ok'],
      ['Synced with errors', 'warn'],
    ]);
    expect([statusLabel('paused'), statusTone('paused')]).toEqual(['paused', 'off']);
  });

  it('names a storage by its title, else by its type and number', () => {
    expect(storageName(storage())).toBe('Photos');
    expect(storageName(storage({ title: '  ' }))).toBe('Local files #4');
    expect(storageName(storage({ type: 's3', title: null, id: 9 }))).toBe('AWS S3 #9');
  });

  it('says where each type points', () => {
    expect(locationText(storage())).toBe('/data/photos');
    expect(locationText(storage({ type: 's3', bucket: 'shots', prefix: '/2024/june' }))).toBe('s3://shots/2024/june');
    expect(locationText(storage({ type: 'gcs', bucket: 'b', prefix: null }))).toBe('gs://b');
    expect(locationText(storage({ type: 'azure', container: 'c', prefix: 'p' }))).toBe('azure-blob://c/p');
    expect(locationText(storage({ type: 'redis', host: null, port: '6380', db: 2, path: 'tasks:*' }))).toBe(
      'redis://localhost:6380/2 · tasks:*',
    );
  });

  it('says what a finished sync did, in each direction, and nothing for one that failed or never ran', () => {
    const done = storage({ status: 'completed', last_sync_count: 3, meta: { tasks_existed: 12, duration: 0.42 } });
    expect(syncResultText(done, 'import')).toBe('3 new tasks added, 12 tasks already imported');
    expect(syncResultText({ ...done, last_sync_count: 1, meta: {} }, 'import')).toBe('1 new task added');
    expect(syncResultText({ ...done, last_sync_count: 0 }, 'export')).toBe('0 annotations written');
    expect(syncResultText(storage({ status: 'failed', last_sync_count: 3 }), 'import')).toBeNull();
    expect(syncResultText(storage(), 'import')).toBeNull();
    expect(durationText(done)).toBe('0.4 s');
    expect(durationText(storage({ meta: { duration: 75.6 } }))).toBe('76 s');
    expect(durationText(storage({ meta: { duration: 0.001 } }))).toBe('under 0.1 s');
    expect(durationText(storage({ meta: null }))).toBeNull();
  });

  it('says how far a running sync got', () => {
    expect(syncProgressText({ status: 'queued', last_sync_count: null }, 'import')).toBe('Waiting to start…');
    expect(syncProgressText({ status: 'in_progress', last_sync_count: null }, 'import')).toBe('Looking for new files…');
    expect(syncProgressText({ status: 'in_progress', last_sync_count: 1500 }, 'import')).toBe(
      '1,500 new tasks found so far…',
    );
    expect(syncProgressText({ status: 'in_progress', last_sync_count: 1 }, 'export')).toBe(
      '1 annotation written so far…',
    );
  });
});

describe('storage forms from Label Studio’s layouts', () => {
  it('reads rows of fields and rows of columns, keeping the gaps that place a field', () => {
    const rows = layoutRows(form('s3-import'));
    expect(rows.map((row) => [row.columns, row.fields.map((field) => field?.name ?? null)])).toEqual([
      [3, ['title', 'bucket', 'prefix']],
      [1, ['regex_filter']],
      // The gap starts the keys on a line of their own.
      [3, ['region_name', 's3_endpoint', null, 'aws_access_key_id', 'aws_secret_access_key', 'aws_session_token']],
      [1, ['use_blob_urls']],
      [2, ['presign', 'presign_ttl']],
      [1, ['recursive_scan']],
    ]);
    expect(layoutRows([{ columnCount: 5, fields: [null] }, { fields: [{ type: 'text', name: 'x' }, null] }])).toEqual([
      { columns: 1, fields: [{ type: 'text', name: 'x' }] },
    ]);
  });

  it('starts a new storage from the layout’s defaults: Files import, pre-signed for 15 minutes', () => {
    const values = initialFormValues(layoutFields(form('s3-import')), null);
    expect(values).toMatchObject({
      title: '',
      bucket: '',
      aws_secret_access_key: '',
      use_blob_urls: 'true',
      presign: true,
      presign_ttl: '15',
      recursive_scan: false,
    });
  });

  it('edits a saved storage with its own values, and its secrets empty', () => {
    const saved = storage({ type: 's3', bucket: 'shots', use_blob_urls: false, presign: false, presign_ttl: 1 });
    const values = initialFormValues(layoutFields(form('s3-import')), saved);
    expect(values).toMatchObject({
      title: 'Photos',
      bucket: 'shots',
      prefix: '',
      use_blob_urls: 'false',
      presign: false,
      presign_ttl: '1',
      aws_access_key_id: '',
    });
    const fields = layoutFields(form('s3-import'));
    expect(
      isFieldActive(
        fields.find((field) => field.name === 'presign_ttl')!,
        values,
      ),
    ).toBe(false);
  });

  it('sends typed values back as the server reads them, and leaves empty secrets out to keep them', () => {
    const fields = layoutFields(form('s3-import'));
    const values = {
      ...initialFormValues(fields, null),
      title: ' Shots ',
      bucket: 'shots',
      aws_access_key_id: 'AKIA',
      use_blob_urls: 'false',
    };
    expect(formRequestFields(fields, values)).toEqual({
      title: 'Shots',
      bucket: 'shots',
      prefix: '',
      regex_filter: '',
      region_name: '',
      s3_endpoint: '',
      aws_access_key_id: 'AKIA',
      use_blob_urls: false,
      presign: true,
      presign_ttl: 15,
      recursive_scan: false,
    });
    const redis = layoutFields(form('redis-import'));
    const sent = formRequestFields(redis, { ...initialFormValues(redis, null), title: 'Queue', db: '' });
    expect(sent).not.toHaveProperty('db');
    expect(sent).not.toHaveProperty('password');
  });

  it('asks for what is required, checks filters and credentials, and needs no name to check a connection', () => {
    const fields = layoutFields(form('localfiles-import'));
    const empty = initialFormValues(fields, null);
    expect(formProblems(fields, empty)).toEqual({
      title: 'Enter the storage name.',
      path: 'Enter the absolute local path.',
    });
    expect(formProblems(fields, empty, ['title'])).toEqual({ path: 'Enter the absolute local path.' });
    const filtered = { ...empty, title: 'x', path: '/d', regex_filter: '*.png' };
    expect(formProblems(fields, filtered).regex_filter).toMatch(/^Not a valid regular expression: /);
    expect(formProblems(fields, { ...filtered, regex_filter: '.*\\.png' })).toEqual({});
    const gcs = layoutFields(form('gcs-import'));
    const withKey = { ...initialFormValues(gcs, null), title: 't', bucket: 'b', google_application_credentials: '{' };
    expect(formProblems(gcs, withKey)).toEqual({
      google_application_credentials: 'Paste the whole credentials file: this is not valid JSON.',
    });
  });
});
