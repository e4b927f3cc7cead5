import type { Readable } from 'node:stream';
import type { StorageDirection, StorageType } from '../domain/storages/storageSpecs.js';

/*
 * What the storage code asks of a bucket, a Redis database or a folder. One client per type
 * (clients/*.ts), built from a storage's fields and secrets; everything above it (sync, export,
 * media resolution) is the same for every type.
 */

/** A failure the user can act on (wrong credentials, a missing bucket): its message is shown as is. */
export class StorageError extends Error {
  constructor(
    message: string,
    /** Label Studio's wording for the same failure, when it has one (the API's validation text). */
    readonly labelStudioMessage: string | null = null,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** A storage's settings, as one request or one saved row gives them. */
export interface StorageConfig {
  type: StorageType;
  direction: StorageDirection;
  /** The type's own fields (bucket, prefix, path, host, ...) with secrets included. */
  fields: Record<string, unknown>;
  regexFilter: string | null;
  recursive: boolean;
}

export interface StorageObjectInfo {
  key: string;
  /** ISO 8601, when the storage tells. */
  lastModified: string | null;
  size: number | null;
}

/** An object's bytes for the media proxy. */
export interface OpenedObject {
  body: Readable;
  contentType: string;
  size: number | null;
  /** What the storage answered: 206 for a range, else 200 (the proxy answers the same). */
  status?: number;
  /** The storage's Content-Range for a range, its ETag and Last-Modified, passed on by the proxy. */
  contentRange?: string | null;
  etag?: string | null;
  lastModified?: Date | null;
}

export interface StorageClient {
  /**
   * Checks that the storage can be used with these settings (it exists, the credentials work).
   * Throws a StorageError saying what is wrong.
   */
  validate(signal?: AbortSignal): Promise<void>;
  /**
   * Every object under the prefix (one level, or all when recursive), in a stable order, read a
   * page at a time. Folders are not objects.
   */
  list(signal?: AbortSignal): AsyncIterable<StorageObjectInfo>;
  /** An object's bytes, refused (StorageError) when larger than `maxBytes`. */
  read(key: string, maxBytes: number, signal?: AbortSignal): Promise<Buffer>;
  /** Writes an object (export storages); `key` is relative to the prefix or path. */
  write(key: string, body: string, signal?: AbortSignal): Promise<void>;
  /** Deletes an object (export storages); a missing one is not an error. */
  remove(key: string, signal?: AbortSignal): Promise<void>;
  /** How a task names this object when the storage imports files as tasks (`s3://bucket/key`). */
  uriOf(key: string): string;
  /** Whether a URI in task data names an object of this storage (its scheme and bucket). */
  canResolve(uri: string): boolean;
  /** A URL the browser can load for that URI without Outpost (presigned), or null to go through Outpost. */
  presignedUrl(uri: string, ttlSeconds: number): Promise<string | null>;
  /**
   * The object a URI names, streamed (Outpost's resolve proxy); `range` is an HTTP Range header
   * to forward (`bytes=0-1023`), so players can seek without the whole object passing through.
   */
  open(uri: string, signal?: AbortSignal, range?: string | null): Promise<OpenedObject>;
  /** Releases connections (Redis). */
  close(): Promise<void>;
  /**
   * Every object is task JSON, whatever `use_blob_urls` says (Redis: Label Studio's
   * RedisImportStorage.get_data never reads the flag), so no task ever names an object.
   */
  readonly objectsAreTasks?: boolean;
}
