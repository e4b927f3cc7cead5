import { defaultDataDir } from '../dataDir.js';
import { DEFAULT_PORT } from '../serve.js';
import {
  parseEmail,
  parseHost,
  parseLegacyToken,
  parseOptions,
  parsePort,
  parsePositiveSeconds,
} from './parseOptions.js';
import type { CliIo } from './io.js';
import { serveUntilStopped } from './serveUntilStopped.js';
import { SERVE_HELP } from './usage.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseOptions('serve', args, {
    data: { type: 'string' },
    host: { type: 'string' },
    port: { type: 'string' },
    token: { type: 'string' },
    'user-email': { type: 'string' },
    'access-token-lifetime': { type: 'string' },
  });
  if (values.help) {
    io.out(SERVE_HELP);
    return 0;
  }
  const host = parseHost(values.host as string | undefined) ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) {
    io.err(`Warning: binding ${host} makes the API reachable from other machines. Anyone with a token can use it.`);
  }
  return serveUntilStopped(
    {
      dataDir: (values.data as string | undefined) ?? defaultDataDir(),
      host,
      port: parsePort(values.port as string | undefined, DEFAULT_PORT),
      token: parseLegacyToken(values.token as string | undefined),
      userEmail: parseEmail(values['user-email'] as string | undefined),
      rendererDir: io.rendererDir,
      accessTokenLifetimeSeconds: parsePositiveSeconds(values['access-token-lifetime'] as string | undefined),
      warn: (line) => io.err(line),
    },
    io,
  );
}
