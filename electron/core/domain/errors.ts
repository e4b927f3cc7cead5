/**
 * Typed domain errors. The server maps each to Label Studio's error envelope and status code in
 * one place (server/middleware/errorHandler.ts); domain code never builds HTTP responses.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** DRF-style field errors, e.g. {"title": ["..."]}. Makes the envelope's detail "Validation error". */
    readonly validationErrors?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(validationErrors: Record<string, unknown>) {
    super(400, 'Validation error', validationErrors);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

export class AuthenticationError extends DomainError {
  constructor(message: string) {
    super(401, message);
  }
}

/** Errors Label Studio returns as a plain `{"detail": ...}` body, without the envelope. */
export class PlainError extends DomainError {
  constructor(status: number, message: string) {
    super(status, message);
  }
}
