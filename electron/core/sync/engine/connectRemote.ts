import { DomainError } from '../../domain/errors.js';
import {
  createRemoteClient,
  type FetchLike,
  type RemoteClient,
  type RemoteUser,
  type RemoteVersion,
} from '../remoteClient.js';
import { isPermanentNetworkFailure, networkReason } from '../networkReason.js';
import { RemoteError, remoteErrorFrom } from '../remoteError.js';
import { withRetry } from '../retry.js';

/*
 * Step 1 of a run, and the check before a remote is saved: the remote answers /api/version (so it
 * is a Label Studio) and accepts the token for /api/current-user/whoami (so we know whose
 * annotations are "mine"). Each way this can fail gets a message that says which it was.
 */

/** How long a remote may take to answer one connect request before it counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 30_000;

/** The remote could not be used: unreachable, not Label Studio, or the token was refused. */
export class RemoteConnectError extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

export interface RemoteConnection {
  client: RemoteClient;
  version: RemoteVersion;
  user: RemoteUser;
}

export interface ConnectOptions {
  url: string;
  token: string;
  fetch?: FetchLike | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

function tokenName(client: RemoteClient): string {
  return client.tokenKind === 'pat' ? 'personal access token' : 'legacy token';
}

function explain(error: unknown, client: RemoteClient, timedOut: boolean): Error {
  if (timedOut) {
    return new RemoteConnectError(
      `${client.url} could not be reached: no answer within ${CONNECT_TIMEOUT_MS / 1000} s.`,
    );
  }
  if (!(error instanceof RemoteError)) return error as Error;
  if (error.status === 0) return new RemoteConnectError(error.message);
  if (error.status === 401 || error.status === 403) {
    // "GET /api/...: 401 Invalid token." or, for a PAT, "The personal access token was refused: 401 Token is invalid".
    const detail = error.message.replace(/^[^:]*: /, '');
    return new RemoteConnectError(`${client.url} refused the ${tokenName(client)}: ${detail}`);
  }
  return new RemoteConnectError(`Connecting to ${client.url} failed: ${error.message}`);
}

/** The connect step's retries: a dropped connection or a passing 5xx must not fail a whole run. */
const CONNECT_RETRY = { attempts: 3 } as const;

/**
 * `/api/version` needs no credentials in Label Studio, so it is asked without any: whether the server
 * is Label Studio is then known apart from whether it takes the token. Network failures and the
 * remote's 5xx/429 are retried (with the body read inside the try, so a cut answer is one too).
 */
async function fetchVersion(url: string, send: FetchLike, signal: AbortSignal): Promise<RemoteVersion> {
  const notLabelStudio = (why: string) =>
    new RemoteConnectError(`${url} does not look like a Label Studio server: GET /api/version ${why}.`);
  let answer: { status: number; text: string };
  try {
    answer = await withRetry(
      async () => {
        let response: Response;
        try {
          response = await send(`${url}/api/version`, {
            method: 'GET',
            headers: { Accept: 'application/json' },
            signal,
          });
          if (response.status >= 500 || response.status === 429)
            throw await remoteErrorFrom(response, 'GET /api/version');
          if (!response.ok) {
            await response.body?.cancel();
            return { status: response.status, text: '' };
          }
          return { status: response.status, text: await response.text() };
        } catch (error) {
          if (signal.aborted || error instanceof RemoteError) throw error;
          const message = `${url} could not be reached: ${networkReason(error)}.`;
          // Nothing listening there, or no TLS it can agree on: trying again in a moment will not
          // help (the scheduler polls a remote that is away); a reset or cut connection is worth another try.
          if (isPermanentNetworkFailure(error)) throw new RemoteConnectError(message);
          throw new RemoteError(0, message, null);
        }
      },
      { ...CONNECT_RETRY, signal },
    );
  } catch (error) {
    if (signal.aborted || !(error instanceof RemoteError)) throw error;
    throw error.status === 0 ? new RemoteConnectError(error.message) : notLabelStudio(`answered ${error.status}`);
  }
  if (answer.status < 200 || answer.status >= 300) throw notLabelStudio(`answered ${answer.status}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw notLabelStudio('did not answer JSON');
  }
  const release = (body as { release?: unknown } | null)?.release;
  if (typeof release !== 'string') throw notLabelStudio('gave no release');
  return body as RemoteVersion;
}

export async function connectRemote(options: ConnectOptions): Promise<RemoteConnection> {
  const client = createRemoteClient({ url: options.url, token: options.token, fetch: options.fetch });
  const timeout = AbortSignal.timeout(options.timeoutMs ?? CONNECT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const version = await fetchVersion(client.url, options.fetch ?? ((input, init) => fetch(input, init)), signal);
    const user = await withRetry(() => client.request<RemoteUser>('GET', '/api/current-user/whoami', { signal }), {
      ...CONNECT_RETRY,
      signal,
    });
    return { client, version, user };
  } catch (error) {
    // The caller's cancel is not a connect failure: let it through as it is.
    if (options.signal?.aborted) throw error;
    throw explain(error, client, timeout.aborted);
  }
}
