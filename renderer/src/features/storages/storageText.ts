/**
 * The words the storage pages show: statuses, names, where a storage points, what a sync did.
 * Pure, for unit tests.
 */
import type { Storage, StorageDirection, StorageStatus, StorageType } from '../../api/storages';
import { pluralize } from '../../../../shared/text/counts';

export type StatusTone = 'ok' | 'busy' | 'warn' | 'error' | 'off';

const STATUS: Record<StorageStatus, { label: string; tone: StatusTone }> = {
  initialized: { label: 'Not synced yet', tone: 'off' },
  queued: { label: 'Queued', tone: 'busy' },
  in_progress: { label: 'Syncing', tone: 'busy' },
  failed: { label: 'Failed', tone: 'error' },
  completed: { label: 'Synced', tone: 'ok' },
  completed_with_errors: { label: 'Synced with errors', tone: 'warn' },
};

/** Label Studio's type names, for when the server's list of types is not at hand. */
export const TYPE_TITLES: Record<StorageType, string> = {
  s3: 'AWS S3',
  gcs: 'Google Cloud Storage',
  azure: 'Microsoft Azure',
  redis: 'Redis',
  localfiles: 'Local files',
};

export function statusLabel(status: string): string {
  return STATUS[status as StorageStatus]?.label ?? status;
}

export function statusTone(status: string): StatusTone {
  return STATUS[status as StorageStatus]?.tone ?? 'off';
}

export function isSyncing(storage: Pick<Storage, 'status'>): boolean {
  return storage.status === 'queued' || storage.status === 'in_progress';
}

export function typeTitle(type: string): string {
  return TYPE_TITLES[type as StorageType] ?? type;
}

/** "Source" and "target", as Label Studio's storage pages call the two directions. */
export function directionWord(direction: StorageDirection): string {
  return direction === 'import' ? 'source' : 'target';
}

/** Its title, or its type and number when it has none. */
export function storageName(storage: Pick<Storage, 'id' | 'type' | 'title'>): string {
  return storage.title?.trim() || `${typeTitle(storage.type)} #${storage.id}`;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

function joined(scheme: string, root: string, prefix: string): string {
  const trimmed = prefix.replace(/^\/+/, '');
  return `${scheme}://${root}${trimmed ? `/${trimmed}` : ''}`;
}

/** Where the storage points: a folder, a bucket and prefix, a Redis database. */
export function locationText(storage: Storage): string {
  switch (storage.type) {
    case 'localfiles':
      return text(storage.path) || '—';
    case 's3':
      return joined('s3', text(storage.bucket), text(storage.prefix));
    case 'gcs':
      return joined('gs', text(storage.bucket), text(storage.prefix));
    case 'azure':
      return joined('azure-blob', text(storage.container), text(storage.prefix));
    case 'redis': {
      const host = `${text(storage.host) || 'localhost'}${text(storage.port) ? `:${text(storage.port)}` : ''}`;
      const path = text(storage.path);
      return `redis://${host}/${text(storage.db) || '1'}${path ? ` · ${path}` : ''}`;
    }
    default:
      return '—';
  }
}

export const plural = (count: number, word: string) => pluralize(count, word);

const numberIn = (meta: Storage['meta'], key: string): number | null => {
  const value = meta?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** How long the last sync took, from `meta.duration` (seconds), e.g. "0.4 s". */
export function durationText(storage: Pick<Storage, 'meta'>): string | null {
  const seconds = numberIn(storage.meta, 'duration');
  if (seconds === null) return null;
  if (seconds < 0.05) return 'under 0.1 s';
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

/**
 * What the last finished sync did: tasks added and already there (import), annotations written
 * (export). Null when the storage never finished a sync or the last one failed.
 */
export function syncResultText(storage: Storage, direction: StorageDirection): string | null {
  if (storage.status !== 'completed' && storage.status !== 'completed_with_errors') return null;
  const count = storage.last_sync_count ?? 0;
  if (direction === 'export') return `${plural(count, 'annotation')} written`;
  const existed = numberIn(storage.meta, 'tasks_existed') ?? 0;
  const added = `${plural(count, 'new task')} added`;
  return existed > 0 ? `${added}, ${plural(existed, 'task')} already imported` : added;
}

/** While a sync runs: how far it got (`last_sync_count` grows as it goes). */
export function syncProgressText(storage: Pick<Storage, 'last_sync_count' | 'status'>, direction: StorageDirection) {
  if (storage.status === 'queued') return 'Waiting to start…';
  const count = storage.last_sync_count ?? 0;
  if (count === 0) return direction === 'import' ? 'Looking for new files…' : 'Writing annotations…';
  return direction === 'import'
    ? `${plural(count, 'new task')} found so far…`
    : `${plural(count, 'annotation')} written so far…`;
}
