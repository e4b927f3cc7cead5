import { StorageError, type StorageClient, type StorageConfig } from '../storageClient.js';

/* PLACEHOLDER: the gcs client is being built (issue 14); until then every call says so. */

export function createGcsClient(_config: StorageConfig): StorageClient {
  const missing = async (): Promise<never> => {
    throw new StorageError('This storage type is not available in this build of Outpost yet.');
  };
  return {
    validate: missing,
    // eslint-disable-next-line require-yield
    async *list() {
      await missing();
    },
    read: missing,
    write: missing,
    remove: missing,
    uriOf: (key) => key,
    canResolve: () => false,
    presignedUrl: async () => null,
    open: missing,
    close: async () => undefined,
  };
}
