/**
 * Options are read by Node's own `util.parseArgs` (strict mode) rather than a parser of our own;
 * this file only words its errors as the CLI's usage errors and checks values' forms (ports,
 * tokens, hosts), with the messages test/cli/*.test.ts assert.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage.js';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** parseArgs in strict mode, with its errors turned into UsageErrors that name the command. */
export function parseOptions(
  command: string,
  args: string[],
  options: OptionSpec,
): Record<string, string | boolean | undefined> {
  try {
    const parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true });
    return parsed.values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError(`outpost ${command}: ${(error as Error).message.split('\n')[0]}`);
  }
}

export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not '${value}'.`);
  }
  return port;
}

/** `--access-token-lifetime`: whole seconds, at least 1. */
export function parsePositiveSeconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new UsageError(`--access-token-lifetime must be a whole number of seconds, at least 1, not '${value}'.`);
  }
  return Number(value);
}

export function parseLegacyToken(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[0-9a-f]{40}$/.test(value)) {
    throw new UsageError('--token must be 40 lowercase hexadecimal characters, like a Label Studio token.');
  }
  return value;
}

export function parseEmail(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[^\s@]+@[^\s@]+$/.test(value)) {
    throw new UsageError(`--user-email must be an email address, not '${value}'.`);
  }
  return value;
}

export function parseHost(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[A-Za-z0-9.:-]+$/.test(value)) {
    throw new UsageError(`--host must be an IP address or host name, not '${value}'.`);
  }
  return value;
}
