import type * as AwsS3 from '@aws-sdk/client-s3';
import type * as AwsS3Presigner from '@aws-sdk/s3-request-presigner';
import type * as AzureBlob from '@azure/storage-blob';
import type * as GoogleCloudStorage from '@google-cloud/storage';
import type * as Redis from 'redis';

/*
 * The cloud SDKs, loaded on first use. Each takes from a few hundred milliseconds to over a second
 * to import, and most runs of the app (and most tests) never touch a cloud storage, so starting
 * the server must not pay for them. Paths are literal so the layer rule can check them, and the
 * bundler leaves these packages as run-time imports.
 */

type S3Sdk = typeof AwsS3;
type S3Presigner = typeof AwsS3Presigner;
type AzureSdk = typeof AzureBlob;
type GcsSdk = typeof GoogleCloudStorage;
type RedisSdk = typeof Redis;

function once<T>(load: () => Promise<T>): { get: () => Promise<T>; loaded: () => T | null } {
  let pending: Promise<T> | null = null;
  let value: T | null = null;
  return {
    get: () =>
      (pending ??= load().then(
        (module) => (value = module),
        (error: unknown) => {
          // A failed import may succeed later (a file being written); do not remember it.
          pending = null;
          throw error;
        },
      )),
    loaded: () => value,
  };
}

const s3 = once<S3Sdk>(() => import('@aws-sdk/client-s3'));
const s3Presigner = once<S3Presigner>(() => import('@aws-sdk/s3-request-presigner'));
const azure = once<AzureSdk>(() => import('@azure/storage-blob'));
const gcs = once<GcsSdk>(() => import('@google-cloud/storage'));
const redis = once<RedisSdk>(() => import('redis'));

export const loadS3Sdk = s3.get;
export const loadS3Presigner = s3Presigner.get;
export const loadAzureSdk = azure.get;
/** The Azure SDK when something has loaded it already: an SDK error can only come after that. */
export const loadedAzureSdk = azure.loaded;
export const loadGcsSdk = gcs.get;
/** The GCS SDK when something has loaded it already: an SDK error can only come after that. */
export const loadedGcsSdk = gcs.loaded;
export const loadRedis = redis.get;
