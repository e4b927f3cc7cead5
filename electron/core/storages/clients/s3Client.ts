import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { ValidationError } from '../../domain/errors.js';
import { bucketAndKeyOf, canOwnerResolve } from '../../domain/storages/storageUris.js';
import { pythonReMatch } from '../pythonUrls.js';
import { StorageError, type StorageClient, type StorageConfig } from '../storageClient.js';
import { describeS3Error } from './s3Errors.js';
import { loadS3Presigner, loadS3Sdk } from './storageSdks.js';

/*
 * An S3 bucket, or any S3-compatible server at `s3_endpoint` (addressed path-style there, so
 * MinIO and moto work), as Label Studio's S3ImportStorage and S3ExportStorage use it: tasks from
 * the keys under `prefix` (`s3://<bucket>/<key>`), annotations written to `<prefix>/<id>`, media
 * presigned for `presign_ttl` minutes or streamed. Credentials are the storage's key pair (and
 * session token), else the AWS SDK's usual chain (environment, profile), as boto3 falls back.
 */

const PAGE_SIZE = 1000;

/** botocore's validate_bucket_name, run by the serializer before it tries the connection. */
const VALID_BUCKET = /^[a-zA-Z0-9.\-_]{1,255}$/;
const VALID_S3_ARN = new RegExp(
  [
    '^arn:(aws).*:(s3|s3-object-lambda):[a-z\\-0-9]*:[0-9]{12}:accesspoint[/:][a-zA-Z0-9\\-.]{1,63}$',
    '^arn:(aws).*:s3-outposts:[a-z\\-0-9]+:[0-9]{12}:outpost[/:][a-zA-Z0-9\\-]{1,63}[/:]accesspoint[/:][a-zA-Z0-9\\-]{1,63}$',
  ].join('|'),
);

function checkBucketName(bucket: string): void {
  if (VALID_BUCKET.test(bucket) || VALID_S3_ARN.test(bucket)) return;
  throw new ValidationError({
    bucket: [
      `Invalid bucket name "${bucket}": Bucket name must match the regex "${VALID_BUCKET.source}" or be an ARN ` +
        `matching the regex "${VALID_S3_ARN.source}"`,
    ],
  });
}

/** A DRF datetime (the storage files API shows `last_modified` so): seconds, microseconds only when set. */
function drfDateTime(date: Date | undefined): string | null {
  if (!date) return null;
  const iso = date.toISOString();
  return iso.endsWith('.000Z') ? iso.replace('.000Z', 'Z') : iso.replace(/\.(\d{3})Z$/, '.$1000Z');
}

type S3Sdk = Awaited<ReturnType<typeof loadS3Sdk>>;

function sdkClientOf(S3Client: S3Sdk['S3Client'], fields: Record<string, unknown>): S3Client {
  const text = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? fields[name] : null);
  const keyId = text('aws_access_key_id');
  const secret = text('aws_secret_access_key');
  const endpoint = text('s3_endpoint');
  return new S3Client({
    region: text('region_name') ?? 'us-east-1',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(keyId && secret
      ? {
          credentials: {
            accessKeyId: keyId,
            secretAccessKey: secret,
            sessionToken: text('aws_session_token') ?? undefined,
          },
        }
      : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  });
}

export function createS3Client(config: StorageConfig): StorageClient {
  const fields = config.fields;
  const bucket = typeof fields.bucket === 'string' && fields.bucket !== '' ? fields.bucket : null;
  const prefix = typeof fields.prefix === 'string' ? fields.prefix : '';
  const endpoint = typeof fields.s3_endpoint === 'string' && fields.s3_endpoint !== '' ? fields.s3_endpoint : null;
  let sdk: S3Client | null = null;
  /** The SDK's module (its command classes) and this storage's client of it. */
  const connect = async () => {
    const aws = await loadS3Sdk();
    sdk ??= sdkClientOf(aws.S3Client, fields);
    return { s3: sdk, aws };
  };
  const requireBucket = () => {
    if (bucket === null) throw new StorageError('The storage has no bucket: set one in its settings.');
    return bucket;
  };
  /** Where Label Studio writes an export object: `str(prefix) + '/' + key`, the prefix as typed. */
  const objectKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const failure = (error: unknown, what: { key?: string; validating?: boolean }, signal?: AbortSignal) => {
    if (signal?.aborted) return error;
    return describeS3Error(error, { bucket: bucket ?? '', endpoint, ...what });
  };

  return {
    async validate(signal) {
      // Label Studio's serializer checks nothing while the bucket is blank.
      if (bucket === null) return;
      checkBucketName(bucket);
      try {
        const { s3, aws } = await connect();
        if (prefix) {
          const found = await s3.send(new aws.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }), {
            abortSignal: signal,
          });
          // An import needs something under its prefix; an export may start empty.
          const needed = config.direction === 'import' ? 1 : 0;
          if (found.KeyCount === undefined || found.KeyCount < needed) {
            const text = `s3://${bucket}/${prefix} not found.`;
            throw new StorageError(text, text);
          }
        } else {
          await s3.send(new aws.HeadBucketCommand({ Bucket: bucket }), { abortSignal: signal });
        }
      } catch (error) {
        throw failure(error, { validating: true }, signal);
      }
    },

    async *list(signal) {
      const name = requireBucket();
      const base = {
        Bucket: name,
        // iter_objects: the prefix as a folder, and one level of it unless recursive.
        Prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : undefined,
        Delimiter: config.recursive ? undefined : '/',
        MaxKeys: PAGE_SIZE,
      };
      const { s3, aws } = await connect();
      let token: string | undefined;
      do {
        let page;
        try {
          page = await s3.send(new aws.ListObjectsV2Command({ ...base, ContinuationToken: token }), {
            abortSignal: signal,
          });
        } catch (error) {
          throw failure(error, {}, signal);
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key;
          if (key === undefined || key.endsWith('/')) continue;
          // For S3 Label Studio matches the filter against the whole key, prefix included.
          if (config.regexFilter && !pythonReMatch(config.regexFilter, key)) continue;
          yield { key, lastModified: drfDateTime(object.LastModified), size: object.Size ?? null };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async read(key, maxBytes, signal) {
      const name = requireBucket();
      let body: Readable;
      try {
        const { s3, aws } = await connect();
        const object = await s3.send(new aws.GetObjectCommand({ Bucket: name, Key: key }), { abortSignal: signal });
        if ((object.ContentLength ?? 0) > maxBytes) {
          (object.Body as Readable | undefined)?.destroy();
          throw new StorageError(`Object "${key}" is larger than ${maxBytes} bytes.`);
        }
        body = object.Body as Readable;
      } catch (error) {
        throw error instanceof StorageError ? error : failure(error, { key }, signal);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of body) {
          size += (chunk as Buffer).length;
          if (size > maxBytes) throw new StorageError(`Object "${key}" is larger than ${maxBytes} bytes.`);
          chunks.push(chunk as Buffer);
        }
      } catch (error) {
        body.destroy();
        throw error instanceof StorageError ? error : failure(error, { key }, signal);
      }
      return Buffer.concat(chunks);
    },

    async write(key, body, signal) {
      const name = requireBucket();
      try {
        const { s3, aws } = await connect();
        await s3.send(
          // boto3 sends no type, so S3 keeps its default; the JS SDK would say application/octet-stream.
          new aws.PutObjectCommand({
            Bucket: name,
            Key: objectKey(key),
            Body: body,
            ContentType: 'binary/octet-stream',
          }),
          { abortSignal: signal },
        );
      } catch (error) {
        throw failure(error, { key: objectKey(key) }, signal);
      }
    },

    async remove(key, signal) {
      const name = requireBucket();
      try {
        const { s3, aws } = await connect();
        await s3.send(new aws.DeleteObjectCommand({ Bucket: name, Key: objectKey(key) }), { abortSignal: signal });
      } catch (error) {
        throw failure(error, { key: objectKey(key) }, signal);
      }
    },

    uriOf: (key) => `s3://${bucket ?? ''}/${key}`,

    canResolve: (uri) => canOwnerResolve({ scheme: 's3', bucket }, uri),

    async presignedUrl(uri, ttlSeconds) {
      const { bucket: name, key } = bucketAndKeyOf(uri);
      const [{ s3, aws }, { getSignedUrl }] = await Promise.all([connect(), loadS3Presigner()]);
      return getSignedUrl(s3, new aws.GetObjectCommand({ Bucket: name, Key: key }), { expiresIn: ttlSeconds });
    },

    async open(uri, signal, range) {
      const { bucket: name, key } = bucketAndKeyOf(uri);
      try {
        const { s3, aws } = await connect();
        const object = await s3.send(new aws.GetObjectCommand({ Bucket: name, Key: key, Range: range ?? undefined }), {
          abortSignal: signal,
        });
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? null,
          status: object.$metadata.httpStatusCode ?? 200,
          contentRange: object.ContentRange ?? null,
          etag: object.ETag ?? null,
          lastModified: object.LastModified ?? null,
        };
      } catch (error) {
        throw failure(error, { key }, signal);
      }
    },

    async close() {
      sdk?.destroy();
      sdk = null;
    },
  };
}
