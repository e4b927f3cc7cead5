import { StorageError } from '../storageClient.js';

/*
 * What went wrong talking to S3, in words: Label Studio's serializer texts where it has one (wrong
 * credentials, a missing bucket), a sentence naming the object, the endpoint or the answer
 * otherwise. No SDK error leaves the client, so none becomes a 500.
 */

interface S3Failure {
  bucket: string;
  endpoint: string | null;
  /** The object asked for, when the call was about one. */
  key?: string;
  /** Checking the connection (HeadBucket, ListObjectsV2): a 404 there means the bucket. */
  validating?: boolean;
}

interface SdkErrorShape {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const CREDENTIAL_ERRORS = new Set([
  'SignatureDoesNotMatch',
  'InvalidAccessKeyId',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
  'Forbidden',
  '403',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH']);

/** The SDK puts HEAD errors' codes nowhere but the status ("UnknownError"): say what the status means. */
function reasonOf(error: SdkErrorShape, status: number | undefined): string {
  const message = error.message && error.message !== 'UnknownError' ? error.message : `HTTP ${status ?? '?'}`;
  return error.name && error.name !== 'Error' ? `${error.name}: ${message}` : message;
}

export function describeS3Error(error: unknown, failure: S3Failure): StorageError {
  if (error instanceof StorageError) return error;
  const sdk = (typeof error === 'object' && error !== null ? error : {}) as SdkErrorShape;
  const status = sdk.$metadata?.httpStatusCode;
  const name = sdk.name ?? '';
  const reason = reasonOf(sdk, status);
  const where = failure.endpoint ? ` at ${failure.endpoint}` : '';
  if (status === undefined) {
    if (name === 'CredentialsProviderError') {
      return new StorageError(
        'No AWS credentials were found: give the storage an access key ID and a secret access key ' +
          '(or set them in the environment).',
      );
    }
    if (NETWORK_CODES.has(sdk.code ?? '') || name === 'TimeoutError' || /ECONN|socket|timed? ?out/i.test(reason)) {
      return new StorageError(`Cannot reach S3${where}: ${reason}`);
    }
    return new StorageError(`S3${where} failed: ${reason}`);
  }
  if (status === 403 || CREDENTIAL_ERRORS.has(name)) {
    const text = `Cannot connect to S3 ${failure.bucket} with specified AWS credentials`;
    return new StorageError(`${text} (${reason})`, text);
  }
  if (name === 'NoSuchBucket' || (status === 404 && (failure.validating || failure.key === undefined))) {
    const text = `Cannot find bucket ${failure.bucket} in S3`;
    return new StorageError(text, text);
  }
  if (status === 404) {
    return new StorageError(`Object "${failure.key}" does not exist in S3 bucket ${failure.bucket}.`);
  }
  if (status === 301 || name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed') {
    return new StorageError(`S3 bucket ${failure.bucket} is in another region than region_name says (${reason}).`);
  }
  return new StorageError(`S3${where} answered ${status}: ${reason}`);
}
