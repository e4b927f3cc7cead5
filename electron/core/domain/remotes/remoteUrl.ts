import { ValidationError } from '../errors.js';

/**
 * The form a remote's URL is stored and compared in: http(s) only, no credentials, no query or
 * fragment, no trailing slash (Label Studio may live under a path, which is kept). Two spellings
 * of one server (`HTTP://Host:80/`, `http://host`) give the same text, so duplicates are caught.
 */
export function normalizeRemoteUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ValidationError({ url: ['Enter a valid URL starting with http:// or https://.'] });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError({ url: ['Enter a valid URL starting with http:// or https://.'] });
  }
  if (url.username || url.password) {
    throw new ValidationError({ url: ['The URL must not contain a user name or password; give the token instead.'] });
  }
  if (url.search || url.hash) {
    throw new ValidationError({ url: ["The URL must be the server's base address, without a query or fragment."] });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
