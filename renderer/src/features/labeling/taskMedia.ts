/**
 * The task's media for the editor frame. The frame is sandboxed with an opaque origin, so its
 * requests carry no session cookie and this server refuses them; the page, which has the
 * session, fetches each file the task data names and hands the frame the bytes (a Blob crosses
 * postMessage without a copy to script), and the frame shows them from blob: URLs of its own.
 *
 * Why bytes rather than addresses the frame could load itself: any address that works without
 * the session is a credential the frame's code (a remote server's) could reuse or leak; a Blob
 * is only that file. Blob URLs serve byte ranges, so video and audio seek as before; the price
 * is that a task's media is read whole before the editor shows it.
 */

/** Paths of this server that serve task media, behind the session. */
const MEDIA_PATH = /^\/(?:data\/(?:upload|remote|local-files)(?:\/|$)|(?:tasks|projects)\/[0-9]+\/resolve\/?$)/;

/** At most this many files per task: a task naming thousands of them is not media to preview. */
const MAX_FILES = 200;

/** The task data's strings that address media of `origin`, each once, in order of appearance. */
export function mediaAddresses(data: unknown, origin: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (found.size >= MAX_FILES || depth > 20) return;
    if (typeof value === 'string') {
      if (isMediaAddress(value, origin)) found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) visit(item, depth + 1);
    }
  };
  visit(data, 0);
  return [...found];
}

export function isMediaAddress(value: string, origin: string): boolean {
  if (value.length > 4096 || !(value.startsWith('/') || value.startsWith(`${origin}/`))) return false;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && MEDIA_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

/**
 * Fetches the media the task data names, with the page's session. A file that cannot be fetched
 * is left out: the editor then shows it as missing, as it would have before.
 */
export async function fetchTaskMedia(
  data: unknown,
  origin: string,
  signal?: AbortSignal,
): Promise<Record<string, Blob>> {
  const addresses = mediaAddresses(data, origin);
  const entries = await Promise.all(
    addresses.map(async (address) => {
      try {
        const response = await fetch(address, { credentials: 'same-origin', signal });
        return response.ok ? ([address, await response.blob()] as const) : null;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

/**
 * In the frame: the task data with each fetched address replaced by a blob: URL made here
 * (`urlFor`), so the editor loads the bytes the page sent.
 */
export function withMediaUrls<T>(data: T, urlFor: (address: string) => string | undefined): T {
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') return urlFor(value) ?? value;
    if (Array.isArray(value)) return value.map(replace);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item)]));
    }
    return value;
  };
  return replace(data) as T;
}
