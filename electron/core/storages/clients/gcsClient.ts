import type * as GoogleCloudStorage from '@google-cloud/storage';
import type { Bucket, Storage } from '@google-cloud/storage';
import { pythonQuote, pythonReMatch } from '../pythonUrls.js';
import { StorageError, type StorageClient, type StorageConfig } from '../storageClient.js';
import { DEFAULT_CREDENTIALS_MISSING, parseServiceAccount, pythonStr, type ServiceAccount } from './gcsCredentials.js';
import { loadedGcsSdk, loadGcsSdk } from './storageSdks.js';

/*
 * A Google Cloud Storage bucket (Label Studio's GCSImportStorage and GCSExportStorage, io_storages/gcs).
 * Credentials: the service-account JSON the user pasted, checked as Label Studio's GCS.get_client
 * checks it; without one, the application default credentials, as Label Studio does.
 * Emulator: STORAGE_EMULATOR_HOST as Label Studio's Python client reads it (the emulator's base
 * address, `http://host:port`); the Node client reads the same variable as a base URL that already
 * ends in /storage/v1, so Outpost sets the endpoint itself and requests go unauthenticated, as with
 * Python. Presigned URLs are signed locally with the key; with an emulator, or no key (application
 * default credentials cannot sign without the IAM API), presignedUrl is null and Outpost's resolve
 * proxy streams the object through open(), ranges included.
 */

const PAGE_SIZE = 1000;
/** V4 signatures expire within seven days; past that (or with no TTL) the media proxy serves the object. */
const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

interface Connection {
  storage: Storage;
  isEmulated: boolean;
  account: ServiceAccount | null;
  /** Resolves once credentials are known to exist (Label Studio fails without any, before a request). */
  credentialsReady: Promise<void>;
}

function connect(config: StorageConfig, sdk: typeof GoogleCloudStorage): Connection {
  const text = config.fields.google_application_credentials;
  const account = typeof text === 'string' && text !== '' ? parseServiceAccount(text) : null;
  const projectId = config.fields.google_project_id;
  const emulator = process.env.STORAGE_EMULATOR_HOST?.trim() || null;
  const storage = new sdk.Storage({
    ...(typeof projectId === 'string' && projectId !== '' ? { projectId } : {}),
    ...(account ? { credentials: account } : {}),
    ...(emulator ? { apiEndpoint: emulator } : {}),
    // A refused connection should reach the user in seconds, not after the SDK's ten minutes of retries.
    retryOptions: { maxRetries: 2, totalTimeout: 60 },
  });
  if (emulator) storage.baseUrl = `${storage.apiEndpoint}/storage/v1`;
  // An emulator needs no credentials (Python's client goes anonymous); real GCS without any fails.
  const credentialsReady =
    emulator || account ? Promise.resolve() : storage.authClient.getClient().then(() => undefined);
  return { storage, isEmulated: emulator !== null, account, credentialsReady };
}

/** What the SDK threw, as a StorageError; `call` names the request the way google-api-core's errors do. */
export function gcsStorageError(error: unknown, call?: string): StorageError {
  if (error instanceof StorageError) return error;
  // An SDK error can only exist once the SDK is loaded.
  const ApiError = loadedGcsSdk()?.ApiError;
  if (ApiError && error instanceof ApiError && typeof error.code === 'number') {
    const body = (error.response as { body?: { error?: { message?: unknown } } } | undefined)?.body;
    const reason = typeof body?.error?.message === 'string' ? body.error.message : error.message.trim();
    const message = call ? `${error.code} ${call}: ${reason}` : `${error.code} ${reason}`;
    return new StorageError(message, call ? message : null);
  }
  const message = error instanceof Error ? error.message : String(error);
  // The token endpoint refused the key: google-auth's RefreshError(details, response), printed.
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const fields = data as Record<string, unknown>;
    const details = `${String(fields.error)}: ${String(fields.error_description ?? 'None')}`;
    const printed = Object.entries(fields).map(
      ([key, value]) => `${pythonStr(key)}: ${typeof value === 'string' ? pythonStr(value) : JSON.stringify(value)}`,
    );
    return new StorageError(details, `(${pythonStr(details)}, {${printed.join(', ')}})`);
  }
  if (message.includes('Could not load the default credentials')) {
    return new StorageError(DEFAULT_CREDENTIALS_MISSING, DEFAULT_CREDENTIALS_MISSING);
  }
  return new StorageError(message);
}

/** `gs://bucket/key` as Label Studio splits it (the key without leading slashes), or null. */
function parseGsUri(uri: string): { bucket: string; key: string } | null {
  const match = /^gs:\/\/([^/]+)\/(.*)$/s.exec(uri.trim());
  return match ? { bucket: match[1]!, key: match[2]!.replace(/^\/+/, '') } : null;
}

/**
 * The part of an object a Range header asks for, as GCSStorageMixin.get_bytes_stream reads it
 * (parse_range, then its rules): null for the whole object.
 */
function rangeOf(header: string | null, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  const start = match ? Number(match[1]) : 0;
  let end = match && match[2] !== '' ? Number(match[2]) : null;
  // A player probing for headers ('bytes=0-', 'bytes=0-0') gets the first two bytes.
  if (start === 0 && (end === null || end === 0)) end = 1;
  // Label Studio sends no Range when `bytes=0-<size>` asks for all of it.
  if (start === 0 && end === size) return null;
  return { start, end: Math.min(end ?? size - 1, size - 1) };
}

export function createGcsClient(config: StorageConfig): StorageClient {
  let connection: Connection | null = null;
  const bucketName = config.fields.bucket;
  const prefix = typeof config.fields.prefix === 'string' ? config.fields.prefix : '';

  /** The connection, once its credentials are usable; every failure a StorageError. */
  const ready = async (signal?: AbortSignal): Promise<Connection> => {
    signal?.throwIfAborted();
    try {
      const sdk = await loadGcsSdk();
      connection ??= connect(config, sdk);
      await connection.credentialsReady;
    } catch (error) {
      throw gcsStorageError(error);
    }
    return connection;
  };
  const bucket = async (signal?: AbortSignal): Promise<Bucket> => {
    const { storage } = await ready(signal);
    // Label Studio's client fails on these before any request, in Python's words.
    if (typeof bucketName !== 'string' || bucketName === '') {
      const python = bucketName === '' ? 'string index out of range' : 'Cannot determine path without bucket name.';
      throw new StorageError('A bucket name is required.', python);
    }
    return storage.bucket(bucketName);
  };
  /** Where the export storage writes an annotation (GCSExportStorage.save_annotation). */
  const exportKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw gcsStorageError(error);
    }
  };

  return {
    async validate(signal) {
      const target = await bucket(signal);
      const { storage } = await ready();
      const call = `GET ${storage.baseUrl}/b/${pythonQuote(target.name)}?projection=noAcl&prettyPrint=false`;
      try {
        await target.getMetadata();
      } catch (error) {
        throw gcsStorageError(error, call);
      }
      // Export storages create their prefix; an import one must already hold something under it.
      if (config.direction === 'export' || !prefix) return;
      const [files] = await guarded(() => target.getFiles({ prefix, maxResults: 1, autoPaginate: false }));
      if (files.length === 0) {
        const message = `No blobs found in ${target.name}/${prefix} or prefix doesn't exist`;
        throw new StorageError(message, message);
      }
    },
    async *list(signal) {
      const target = await bucket(signal);
      // GCS.iter_blobs: the prefix as a folder, one level unless recursive, folders skipped, re.match on the key.
      const folder = prefix ? `${prefix.replace(/\/+$/, '')}/` : '';
      let pageToken: string | undefined;
      do {
        signal?.throwIfAborted();
        const [files, next] = await guarded(() =>
          target.getFiles({
            ...(folder ? { prefix: folder } : {}),
            ...(config.recursive ? {} : { delimiter: '/' }),
            autoPaginate: false,
            maxResults: PAGE_SIZE,
            ...(pageToken ? { pageToken } : {}),
          }),
        );
        for (const file of files) {
          if (file.name.endsWith('/')) continue;
          if (config.regexFilter && !pythonReMatch(config.regexFilter, file.name)) continue;
          const size = Number(file.metadata.size);
          yield {
            key: file.name,
            lastModified: file.metadata.updated ?? null,
            size: Number.isFinite(size) ? size : null,
          };
        }
        pageToken = (next as { pageToken?: string } | null)?.pageToken;
      } while (pageToken);
    },
    async read(key, maxBytes, signal) {
      const file = (await bucket(signal)).file(key);
      const [metadata] = await guarded(() => file.getMetadata());
      if (Number(metadata.size) > maxBytes) throw new StorageError(`File "${key}" is larger than ${maxBytes} bytes.`);
      const [bytes] = await guarded(() => file.download());
      return bytes;
    },
    async write(key, body, signal) {
      const target = await bucket(signal);
      // upload_from_string(str) stores text/plain.
      await guarded(() => target.file(exportKey(key)).save(body, { resumable: false, contentType: 'text/plain' }));
    },
    async remove(key, signal) {
      const target = await bucket(signal);
      await guarded(() => target.file(exportKey(key)).delete({ ignoreNotFound: true }));
    },
    uriOf: (key) => `gs://${String(bucketName)}/${key}`,
    canResolve: (uri) => typeof bucketName === 'string' && parseGsUri(uri)?.bucket === bucketName,
    async presignedUrl(uri, ttlSeconds) {
      const parsed = parseGsUri(uri);
      if (!parsed || ttlSeconds <= 0 || ttlSeconds > MAX_SIGNED_URL_SECONDS) return null;
      const { storage, isEmulated, account } = await ready();
      // Signing needs the key (ADC would ask the IAM API); an emulator cannot check a signature.
      if (isEmulated || !account) return null;
      const file = storage.bucket(parsed.bucket).file(parsed.key);
      const expires = Date.now() + ttlSeconds * 1000;
      const [url] = await guarded(() => file.getSignedUrl({ version: 'v4', action: 'read', expires }));
      return url;
    },
    async open(uri, signal, range) {
      const parsed = parseGsUri(uri);
      if (!parsed) throw new StorageError(`"${uri}" is not a gs:// URI.`);
      const { storage } = await ready(signal);
      // Label Studio reads the bucket the URI names, not the storage's own.
      const file = storage.bucket(parsed.bucket).file(parsed.key);
      const [metadata] = await guarded(() => file.getMetadata());
      const size = Number(metadata.size);
      const part = rangeOf(range ?? null, size);
      if (part && part.start >= size) throw new StorageError(`416 Range ${range} is past the end of ${uri}.`);
      const body = file.createReadStream(part ?? {});
      signal?.addEventListener('abort', () => body.destroy(), { once: true });
      return {
        body,
        contentType: metadata.contentType || 'application/octet-stream',
        size: part ? part.end - part.start + 1 : size,
        status: part ? 206 : 200,
        contentRange: part ? `bytes ${part.start}-${part.end}/${size}` : `bytes 0-${Math.max(size - 1, 0)}/${size}`,
        etag: metadata.etag ?? null,
        lastModified: metadata.updated ? new Date(metadata.updated) : null,
      };
    },
    close: async () => undefined,
  };
}
