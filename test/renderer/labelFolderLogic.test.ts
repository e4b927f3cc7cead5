import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../renderer/src/api/client.js';
import type { z } from 'zod';
import type { localfilesImportStorageSchema } from '../../shared/api/storages.js';
import type { StorageType, Storage } from '../../renderer/src/api/storages.js';
import type { TemplateCatalog } from '../../renderer/src/api/templates.js';
import {
  baseName,
  configForFiles,
  configKind,
  fileKind,
  folderImportPlan,
  kindFilter,
  projectTitleFor,
  suggestedTemplates,
  summarizeFolder,
  summaryText,
} from '../../renderer/src/features/storages/folderContents.js';
import {
  FOLDER_RESYNC_MS,
  runStorageSync,
  storagesToSyncOnOpen,
} from '../../renderer/src/features/storages/runSync.js';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const file = (key: string | null) => ({ key, last_modified: key && '2025-03-01T10:00:00Z', size: key ? 10 : null });

type LocalFilesImport = z.infer<typeof localfilesImportStorageSchema>;

/** A local folder storage; tests about names and texts give it another type. */
function storage(overrides: Partial<Omit<LocalFilesImport, 'type'>> & { type?: StorageType } = {}): Storage {
  return {
    id: 1,
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

describe('what a folder holds', () => {
  it('names folders from POSIX and Windows paths, within Label Studio’s 50 characters', () => {
    expect(baseName('/home/ann/street cats/')).toBe('street cats');
    expect(baseName('C:\\Data\\Scans\\')).toBe('Scans');
    expect(projectTitleFor('/')).toBe('Folder');
    expect(projectTitleFor('/data/a1')).toBe('Folder a1');
    expect(projectTitleFor('/data/abc')).toBe('abc');
    const long = projectTitleFor(`/data/${'x'.repeat(80)}`);
    expect(long).toHaveLength(50);
    expect(long.endsWith('…')).toBe(true);
  });

  it('counts files by kind, case-insensitively, and notices a listing that stopped at its limit', () => {
    expect(['a.JPG', 'b.jpeg', 'notes.txt', 'clip.mp4', 'song.flac', 'data.json', 'README'].map(fileKind)).toEqual([
      'image',
      'image',
      'text',
      'video',
      'audio',
      'other',
      'other',
    ]);
    const summary = summarizeFolder([
      file('/d/a.png'),
      file('/d/b.png'),
      file('/d/c.txt'),
      file('/d/x.json'),
      file(null),
    ]);
    expect(summary).toEqual({
      counts: { image: 2, text: 1, audio: 0, video: 0, other: 1 },
      total: 4,
      kind: 'image',
      hasMore: true,
    });
    expect(summaryText(summary)).toBe('at least 2 images, 1 text file and 1 other file');
    expect(summaryText(summarizeFolder([]))).toBe('no files');
    expect(summarizeFolder([file('/d/x.csv')]).kind).toBeNull();
  });

  it('suggests the gallery’s templates for the kind, best first', () => {
    const template = (title: string) => ({
      title,
      type: 'community' as const,
      group: 'g',
      details: '',
      config: '',
      image: '',
      sample_data: {},
      bundled_editor: true,
    });
    const catalog: TemplateCatalog = {
      groups: ['g'],
      templates: ['Box Objects in Images', 'Judge Sentiment', 'Sort Photos into Categories'].map(template),
    };
    expect(suggestedTemplates(catalog, 'image').map((item) => item.title)).toEqual([
      'Sort Photos into Categories',
      'Box Objects in Images',
    ]);
    expect(suggestedTemplates(catalog, 'text').map((item) => item.title)).toEqual(['Judge Sentiment']);
    expect(suggestedTemplates(catalog, null)).toEqual([]);
  });
});

describe('how a folder is imported', () => {
  it('filters names by the kind, in any case, as Python’s re.match reads them', () => {
    const filter = new RegExp(`^(?:${kindFilter('image')})`);
    expect(['cat.jpg', 'CAT.JPEG', 'x.Png', 'a.b.webp'].every((name) => filter.test(name))).toBe(true);
    expect(['cat.jpg.json', 'notes.txt', 'jpg', '.DS_Store'].some((name) => filter.test(name))).toBe(false);
  });

  it('reads the kind a config labels from its first object tag', () => {
    expect(configKind('<View><Image name="i" value="$image"/><Choices name="c" toName="i"/></View>')).toBe('image');
    expect(configKind('<View><Header value="x"/><Text name="t" value="$text"/></View>')).toBe('text');
    expect(configKind('<View><TextArea name="t" toName="a"/><AudioPlus name="a" value="$audio"/></View>')).toBe(
      'audio',
    );
    expect(configKind('<View><Video name="v" value="$video"/><Image name="i" value="$i"/></View>')).toBe('video');
    expect(configKind('<View><Table name="t" value="$t"/></View>')).toBeNull();
  });

  it('makes text tags load their file by URL, leaving the others and an explicit valueType alone', () => {
    expect(configForFiles('<View><Text name="t" value="$text"/><TextArea name="a" toName="t"/></View>')).toBe(
      '<View><Text name="t" value="$text" valueType="url"/><TextArea name="a" toName="t"/></View>',
    );
    expect(configForFiles('<HyperText name="h" value="$html" >')).toBe(
      '<HyperText name="h" value="$html" valueType="url">',
    );
    const explicit = '<Text name="t" value="$text" valueType="text"/>';
    expect(configForFiles(explicit)).toBe(explicit);
    expect(configForFiles('<Image name="i" value="$image"/>')).toBe('<Image name="i" value="$image"/>');
  });

  it('plans the filter from the template, else from the folder', () => {
    const images = summarizeFolder([file('/d/a.png')]);
    const textPlan = folderImportPlan('<View><Text name="t" value="$text"/></View>', images);
    expect(textPlan.config).toContain('valueType="url"');
    expect(textPlan.regexFilter).toBe(kindFilter('text'));
    expect(folderImportPlan('<View></View>', images).regexFilter).toBe(kindFilter('image'));
    expect(folderImportPlan('<View></View>', summarizeFolder([])).regexFilter).toBeNull();
  });
});

describe('syncs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A client whose sync answers when `finish` is called, and whose GET answers `progress()`. */
  function fakeClient(progress: () => Storage) {
    let finish: (storage: Storage) => void = () => undefined;
    const posted = new Promise<Storage>((resolve) => (finish = resolve));
    const calls: string[] = [];
    const client = {
      post: vi.fn(async (path: string) => {
        calls.push(`POST ${path}`);
        return posted;
      }),
      get: vi.fn(async (path: string) => {
        calls.push(`GET ${path}`);
        return progress();
      }),
    } as unknown as ApiClient;
    return { client, calls, finish: (storage: Storage) => finish(storage) };
  }

  it('reads the storage every half second while the sync runs, and resolves with the POST’s answer', async () => {
    vi.useFakeTimers();
    let count = 0;
    const fake = fakeClient(() => storage({ status: 'in_progress', last_sync_count: (count += 5) }));
    const seen: (number | null)[] = [];
    const ref = { id: 1, type: 'localfiles' as const, direction: 'import' as const };
    const run = runStorageSync(fake.client, ref, { onProgress: (state) => seen.push(state.last_sync_count) });
    await vi.advanceTimersByTimeAsync(1_600);
    expect(seen).toEqual([5, 10, 15]);
    fake.finish(storage({ status: 'completed', last_sync_count: 17 }));
    const result = await run;
    expect(result).toMatchObject({ status: 'completed', last_sync_count: 17 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen).toEqual([5, 10, 15]);
    expect(fake.calls[0]).toBe('POST /api/storages/localfiles/1/sync');
    expect(fake.calls.filter((call) => call === 'GET /api/storages/localfiles/1')).toHaveLength(3);
  });

  it('follows a sync that was already running when asked again, until it ends', async () => {
    vi.useFakeTimers();
    const states = [
      storage({ status: 'in_progress', last_sync_count: 8 }),
      storage({ status: 'completed', last_sync_count: 9 }),
    ];
    const fake = fakeClient(() => states.shift()!);
    fake.finish(storage({ status: 'in_progress', last_sync_count: 3 }));
    const ref = { id: 1, type: 'localfiles' as const, direction: 'export' as const };
    const run = runStorageSync(fake.client, ref);
    await vi.advanceTimersByTimeAsync(1_100);
    await expect(run).resolves.toMatchObject({ status: 'completed', last_sync_count: 9 });
    expect(fake.calls[0]).toBe('POST /api/storages/export/localfiles/1/sync');
  });

  it('syncs local folders by themselves when the tasks open, but not buckets, running ones, failures or recent ones', () => {
    const recent = new Date(NOW - FOLDER_RESYNC_MS / 2).toISOString();
    const old = new Date(NOW - FOLDER_RESYNC_MS).toISOString();
    const due = storagesToSyncOnOpen(
      [
        storage({ id: 1 }),
        storage({ id: 2, last_sync: old, status: 'completed' }),
        storage({ id: 3, last_sync: recent, status: 'completed' }),
        storage({ id: 4, status: 'in_progress' }),
        storage({ id: 5, status: 'failed' }),
        storage({ id: 6, type: 's3' }),
        storage({ id: 7, synchronizable: false }),
      ],
      NOW,
    );
    expect(due.map((item) => item.id)).toEqual([1, 2]);
  });
});
