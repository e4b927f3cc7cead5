import type { FetchLike } from './remoteClient.js';

/**
 * Whether a remote answers at all: `/api/version` needs no token in Label Studio, so nothing
 * secret is sent while polling. Ten seconds without an answer counts as no answer.
 */
export async function probeRemote(url: string, fetchImpl?: FetchLike): Promise<boolean> {
  const send = fetchImpl ?? ((input: string, init: RequestInit) => fetch(input, init));
  try {
    const response = await send(`${url.replace(/\/+$/, '')}/api/version`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
