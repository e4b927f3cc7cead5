import { ValidationError } from '../domain/errors.js';
import { jsonDepthError } from '../domain/jsonDepth.js';

function fail(message: string): never {
  throw new ValidationError({ query: [message] });
}

/**
 * The Data Manager's `query` URL parameter as the object the domain reads (PrepareParams). Label
 * Studio unquotes the already-decoded value once more (so a doubly encoded query works too) and
 * parses it as JSON.
 */
export function parseQueryParameter(raw: string): Record<string, unknown> {
  const unquoted = raw.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) =>
    new TextDecoder().decode(Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16))),
  );
  const tooDeep = jsonDepthError(unquoted);
  if (tooDeep) return fail(`Invalid JSON: ${tooDeep}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(unquoted);
  } catch (error) {
    return fail(`Invalid JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return fail('Expected a JSON object.');
  }
  return parsed as Record<string, unknown>;
}
