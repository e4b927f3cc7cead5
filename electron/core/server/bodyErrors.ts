import { DomainError } from '../domain/errors.js';

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Math.round(megabytes * 10) / 10} MB` : `${bytes} bytes`;
}

export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super(413, `Request body is too large: the limit is ${formatMegabytes(limitBytes)}.`);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(mediaType: string) {
    super(415, `Unsupported media type "${mediaType}" in request.`);
  }
}
