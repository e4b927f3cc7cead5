import type { StorageType } from '../domain/storages/storageSpecs.js';
import { createAzureClient } from './clients/azureClient.js';
import { createGcsClient } from './clients/gcsClient.js';
import { createLocalFilesClient } from './clients/localFilesClient.js';
import { createRedisClient } from './clients/redisClient.js';
import { createS3Client } from './clients/s3Client.js';
import type { StorageClient, StorageConfig } from './storageClient.js';
import type { StorageDeps } from './storageDeps.js';

type ClientFactory = (config: StorageConfig, deps: StorageDeps) => StorageClient;

const FACTORIES: Record<StorageType, ClientFactory> = {
  s3: (config) => createS3Client(config),
  gcs: (config) => createGcsClient(config),
  azure: (config) => createAzureClient(config),
  redis: (config) => createRedisClient(config),
  localfiles: (config, deps) => createLocalFilesClient(config, deps.localFiles),
};

/** The client of a storage type, for one storage's settings. */
export function clientFor(config: StorageConfig, deps: StorageDeps): StorageClient {
  return FACTORIES[config.type](config, deps);
}
