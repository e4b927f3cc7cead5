import { Readable } from 'node:stream';
import type {
  BlobDownloadResponseParsed,
  BlobItem,
  BlobServiceClient,
  ContainerClient,
  RestError,
} from '@azure/storage-blob';
import { bucketAndKeyOf, canOwnerResolve, pythonRepr } from '../../domain/storages/storageUris.js';
import { pythonReMatch } from '../pythonUrls.js';
import { StorageError, type StorageClient, type StorageConfig } from '../storageClient.js';
import { loadAzureSdk, loadedAzureSdk } from './storageSdks.js';

/*
 * Azure Blob storage (Label Studio's io_storages/azure_blob: AzureBlobImportStorage and
 * AzureBlobExportStorage). Objects are named `azure-blob://<container>/<blob name>` in task data.
 *
 * Where it connects: Label Studio always builds the connection string for
 * https://<account_name>.blob.core.windows.net (EndpointSuffix=core.windows.net; no setting or
 * variable of its azure_blob code changes that). Outpost reads one variable of its own on top,
 * OUTPOST_AZURE_BLOB_ENDPOINT: the blob service URL to use instead, spelled as a connection
 * string's BlobEndpoint (Azurite: `http://127.0.0.1:10000/devstoreaccount1`), for emulators in
 * tests and for clouds outside core.windows.net. Like Label Studio, a blank account_name or
 * account_key falls back to (LABEL_STUDIO_|HEARTEX_)AZURE_BLOB_ACCOUNT_NAME / _KEY.
 */

export const AZURE_ENDPOINT_VARIABLE = 'OUTPOST_AZURE_BLOB_ENDPOINT';

const SCHEME = 'azure-blob';
const LIST_PAGE_SIZE = 1000;
const VALIDATE_TIMEOUT_MS = 30_000;
// The SDK's default waits 4 s and more between four tries: too long for a form waiting on an answer.
const RETRY_OPTIONS = { maxTries: 3, retryDelayInMs: 500, maxRetryDelayInMs: 4000 };

const MISSING_CREDENTIALS =
  'Azure account name and key must be set using environment variables AZURE_BLOB_ACCOUNT_NAME and ' +
  'AZURE_BLOB_ACCOUNT_KEY or account_name and account_key fields.';

/** Python's str(value) for a model field that is set, or '' when it is blank. */
function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Label Studio's get_env: LABEL_STUDIO_<name>, then HEARTEX_<name>, then <name>. */
function labelStudioEnv(env: NodeJS.ProcessEnv, name: string): string {
  return env[`LABEL_STUDIO_${name}`] ?? env[`HEARTEX_${name}`] ?? env[name] ?? '';
}

/** Label Studio raises KeyError for a missing container or prefix; DRF shows its repr. */
function keyError(message: string): StorageError {
  return new StorageError(message, pythonRepr(message));
}

/**
 * An SDK failure as a StorageError. The service's reply is what Label Studio shows (str() of
 * the SDK's HttpResponseError: the service's message, RequestId and Time lines, then
 * `ErrorCode:<code>` and the reply's XML, which is left out here).
 */
function asStorageError(error: unknown, container: string): StorageError {
  if (error instanceof StorageError) return error;
  if (!isRestError(error)) return new StorageError(error instanceof Error ? error.message : String(error));
  const details = error.details as { errorCode?: unknown } | undefined;
  const code = textOf(error.code ?? details?.errorCode);
  if (code === 'ContainerNotFound') return keyError(`Container not found: ${container}`);
  if (error.statusCode === undefined) return new StorageError(error.message || code);
  // Replies to HEAD requests have no body, so no message: the code says what happened.
  const text = error.message || code || `HTTP ${error.statusCode}`;
  const firstLine = text.split('\n')[0] ?? text;
  return new StorageError(code ? `${firstLine} (${code})` : firstLine, code ? `${text}\nErrorCode:${code}` : text);
}

/** The SDK's error type; one can only exist once something has loaded the SDK. */
function isRestError(error: unknown): error is RestError {
  const RestErrorClass = loadedAzureSdk()?.RestError;
  return RestErrorClass !== undefined && error instanceof RestErrorClass;
}

function bodyOf(response: BlobDownloadResponseParsed): Readable {
  const body = response.readableStreamBody;
  if (!body) return Readable.from([]);
  return body instanceof Readable ? body : Readable.from(body as AsyncIterable<Buffer>);
}

/** RESOLVER_PROXY_MAX_RANGE_SIZE: what an open-ended range from the start reads. */
const MAX_RANGE_BYTES = 8 * 1024 * 1024;

/**
 * AZURE.download_stream_response: which bytes a Range header reads and how they are described.
 * Its end counts as exclusive (`bytes=0-99` reads 99 bytes, described as such), `bytes=0-0`
 * reads one byte, `bytes=0-` up to 8 MiB; an unreadable header means `bytes=0-`.
 */
function partOf(range: string | null | undefined, total: number) {
  if (!range)
    return { offset: 0, count: undefined, size: total, status: 200, contentRange: rangeText(0, total, total) };
  const bounds = /^bytes=(\d+)-(\d*)$/.exec(range.trim());
  const start = bounds ? Number(bounds[1]) : 0;
  let end: number | null = bounds?.[2] ? Number(bounds[2]) : null;
  if (start === 0 && (end === 0 || end === null)) end = end === 0 ? 1 : MAX_RANGE_BYTES;
  const count = end === null ? undefined : Math.max(0, end - start);
  const size = count === undefined ? Math.max(0, total - start) : Math.min(count, Math.max(0, total - start));
  return { offset: start, count, size, status: 206, contentRange: rangeText(start, count ?? total - start, total) };
}

function rangeText(start: number, count: number, total: number): string {
  return `bytes ${start}-${Math.min(start + count - 1, Math.max(0, total - 1))}/${total}`;
}

export function createAzureClient(config: StorageConfig, env: NodeJS.ProcessEnv = process.env): StorageClient {
  const containerName = textOf(config.fields.container);
  const rawPrefix = textOf(config.fields.prefix);
  let service: BlobServiceClient | undefined;

  // Built on first use, so a storage with bad settings fails inside a call, as a StorageError.
  const serviceClient = async (): Promise<BlobServiceClient> => {
    if (service) return service;
    const { BlobServiceClient, StorageSharedKeyCredential } = await loadAzureSdk();
    const account = textOf(config.fields.account_name) || labelStudioEnv(env, 'AZURE_BLOB_ACCOUNT_NAME');
    const key = textOf(config.fields.account_key) || labelStudioEnv(env, 'AZURE_BLOB_ACCOUNT_KEY');
    if (!account || !key) throw new StorageError(MISSING_CREDENTIALS, MISSING_CREDENTIALS);
    const endpoint = env[AZURE_ENDPOINT_VARIABLE]?.trim() || `https://${account}.blob.core.windows.net`;
    try {
      const credential = new StorageSharedKeyCredential(account, key);
      service = new BlobServiceClient(endpoint.replace(/\/+$/, ''), credential, { retryOptions: RETRY_OPTIONS });
    } catch (error) {
      throw new StorageError(`Azure Blob storage cannot be reached at "${endpoint}": ${(error as Error).message}`);
    }
    return service;
  };
  const container = async (): Promise<ContainerClient> => {
    const client = await serviceClient();
    if (!containerName) throw new StorageError('Container name must be set for Azure Blob storage');
    return client.getContainerClient(containerName);
  };
  const failure = (error: unknown) => asStorageError(error, containerName);
  // AzureBlobExportStorage.save_annotation: `prefix + '/' + key`, the prefix as typed.
  const exportName = (key: string) => (rawPrefix ? `${rawPrefix}/${key}` : key);

  return {
    async validate(signal) {
      const timeout = AbortSignal.timeout(VALIDATE_TIMEOUT_MS);
      const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const client = await container();
      let first: BlobItem | undefined;
      try {
        await client.getProperties({ abortSignal }).catch((error: unknown) => {
          const isMissing = isRestError(error) && error.statusCode === 404;
          throw isMissing ? keyError(`Container not found: ${containerName}`) : error;
        });
        // Import storages only: something must start with the prefix as typed (no slash added).
        if (!rawPrefix || config.direction !== 'import') return;
        const page = await client.listBlobsFlat({ prefix: rawPrefix, abortSignal }).byPage({ maxPageSize: 1 }).next();
        first = page.done ? undefined : page.value.segment.blobItems[0];
      } catch (error) {
        if (timeout.aborted)
          throw new StorageError(`Azure Blob storage did not answer in ${VALIDATE_TIMEOUT_MS / 1000} s.`);
        throw failure(error);
      }
      if (!first) throw keyError(`${SCHEME}://${containerName}/${rawPrefix} not found.`);
    },

    // AzureBlobImportStorageBase.iter_objects: under `prefix/`, one level (folders skipped) or all.
    async *list(signal) {
      const prefix = rawPrefix ? `${rawPrefix.replace(/\/+$/, '')}/` : '';
      const placeholder = prefix || '/';
      try {
        const client = await container();
        const options = { prefix, abortSignal: signal };
        const pages: AsyncIterable<{ segment: { blobItems: BlobItem[] } }> = config.recursive
          ? client.listBlobsFlat(options).byPage({ maxPageSize: LIST_PAGE_SIZE })
          : client.listBlobsByHierarchy('/', options).byPage({ maxPageSize: LIST_PAGE_SIZE });
        for await (const page of pages) {
          for (const blob of page.segment.blobItems) {
            if (blob.name === placeholder) continue;
            // Matched against the whole blob name, prefix included.
            if (config.regexFilter && !pythonReMatch(config.regexFilter, blob.name)) continue;
            const { lastModified, contentLength } = blob.properties;
            yield { key: blob.name, lastModified: lastModified.toISOString(), size: contentLength ?? null };
          }
        }
      } catch (error) {
        throw failure(error);
      }
    },

    async read(key, maxBytes, signal) {
      try {
        const response = await (await container()).getBlobClient(key).download(0, undefined, { abortSignal: signal });
        const body = bodyOf(response);
        // Azure always says how long a blob is: the size is known before any byte is read.
        if ((response.contentLength ?? 0) > maxBytes) {
          body.destroy();
          throw new StorageError(`File "${key}" is larger than ${maxBytes} bytes.`);
        }
        return Buffer.concat((await body.toArray()) as Buffer[]);
      } catch (error) {
        throw failure(error);
      }
    },

    async write(key, body, signal) {
      try {
        const blob = (await container()).getBlockBlobClient(exportName(key));
        await blob.upload(body, Buffer.byteLength(body), { abortSignal: signal });
      } catch (error) {
        throw failure(error);
      }
    },

    async remove(key, signal) {
      try {
        await (
          await container()
        )
          .getBlobClient(exportName(key))
          .deleteIfExists({ deleteSnapshots: 'include', abortSignal: signal });
      } catch (error) {
        throw failure(error);
      }
    },

    uriOf: (key) => `${SCHEME}://${containerName}/${key}`,

    canResolve: (uri) => canOwnerResolve({ scheme: SCHEME, bucket: containerName || null }, uri),

    // generate_http_url: a read-only SAS for the URI's container and blob, as Label Studio signs it.
    async presignedUrl(uri, ttlSeconds) {
      const target = bucketAndKeyOf(uri);
      try {
        const blob = (await serviceClient()).getContainerClient(target.bucket).getBlobClient(target.key);
        const expiresOn = new Date(Date.now() + ttlSeconds * 1000);
        return await blob.generateSasUrl({
          permissions: (await loadAzureSdk()).BlobSASPermissions.parse('r'),
          expiresOn,
        });
      } catch (error) {
        throw failure(error);
      }
    },

    // get_bytes_stream: the URI's own container, read with this storage's credentials.
    async open(uri, signal, range) {
      const target = bucketAndKeyOf(uri);
      try {
        const blob = (await serviceClient()).getContainerClient(target.bucket).getBlobClient(target.key);
        const properties = await blob.getProperties({ abortSignal: signal });
        const total = properties.contentLength ?? 0;
        const part = partOf(range, total);
        const body =
          part.count === 0
            ? Readable.from([])
            : bodyOf(await blob.download(part.offset, part.count, { abortSignal: signal }));
        const opened = {
          body,
          contentType: properties.contentType || 'application/octet-stream',
          size: part.size,
          status: part.status,
          contentRange: part.contentRange,
          etag: properties.etag ?? null,
          lastModified: properties.lastModified ?? null,
        };
        return opened;
      } catch (error) {
        throw failure(error);
      }
    },

    // The SDK holds no connection of its own to release.
    close: async () => undefined,
  };
}
