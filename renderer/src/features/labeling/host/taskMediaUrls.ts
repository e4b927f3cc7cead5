import type { TaskMedia } from '../protocol';
import { withMediaUrls } from '../taskMedia';

/** The blob: URLs made for the task on screen; let go when the next task comes. */
let current: string[] = [];
/** The fetched files by the address the task data names, absolute and as written. */
const filesByAddress = new Map<string, Blob>();

/**
 * Data keys the config reads as URLs to load text from (`valueType="url"`): the editor checks
 * those are http(s) or root-relative addresses and fetches them, so they keep their address and
 * the fetch below answers it with the page's bytes.
 */
function urlValueKeys(config: string): Set<string> {
  const keys = new Set<string>();
  try {
    const parsed = new DOMParser().parseFromString(config, 'text/xml');
    for (const element of parsed.querySelectorAll('[valueType="url"], [valuetype="url"]')) {
      const value = element.getAttribute('value') ?? '';
      if (value.startsWith('$')) keys.add(value.slice(1));
    }
  } catch {
    // A config the parser refuses has no such keys; the editor reports the config itself.
  }
  return keys;
}

/**
 * The frame's `fetch` answers the task's media addresses with the bytes the page sent, and goes
 * to the network for everything else (where this frame's requests carry no credentials).
 */
export function installMediaFetch(): void {
  const networkFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const file = filesByAddress.get(address) ?? filesByAddress.get(new URL(address, location.href).href);
    if (!file) return networkFetch(input, init);
    return Promise.resolve(new Response(file, { status: 200, headers: { 'Content-Type': file.type } }));
  };
}

/**
 * The task data the editor gets: each media address the page fetched becomes a blob: URL of this
 * frame's, made from the bytes it sent (this frame's requests carry no session, so the address
 * itself would be refused), except where the config loads text from it (see `urlValueKeys`).
 */
export function mediaForEditor(
  data: Record<string, unknown>,
  media: TaskMedia,
  config: string,
): Record<string, unknown> {
  for (const url of current) URL.revokeObjectURL(url);
  filesByAddress.clear();
  for (const [address, blob] of Object.entries(media)) {
    filesByAddress.set(address, blob);
    filesByAddress.set(new URL(address, location.href).href, blob);
  }
  const urls = new Map(Object.entries(media).map(([address, blob]) => [address, URL.createObjectURL(blob)]));
  current = [...urls.values()];
  const fetchedByAddress = urlValueKeys(config);
  const entries = Object.entries(data).map(([key, value]) =>
    fetchedByAddress.has(key) ? [key, value] : [key, withMediaUrls(value, (address) => urls.get(address))],
  );
  return Object.fromEntries(entries) as Record<string, unknown>;
}
