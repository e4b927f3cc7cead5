import type { ResolvedPage } from '../domain/pagination.js';

/**
 * DRF PageNumberPagination's `next` and `previous` links: the request's absolute URL with `page`
 * replaced (Python's replace_query_param), or removed for the first page (remove_query_param).
 * Both re-encode the whole query the Python way: keys sorted, values percent-encoded with
 * quote_plus. The path gets its trailing slash, as Django's append-slash re-dispatch leaves it.
 */
export function pageLinks(requestUrl: string, page: ResolvedPage): { next: string | null; previous: string | null } {
  const url = new URL(requestUrl);
  const base = `${url.protocol}//${url.host}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`;
  const query = parseQuery(url.search.slice(1));
  const link = (pageNumber: number | null) => {
    const params = new Map(query);
    if (pageNumber === null) params.delete('page');
    else params.set('page', [String(pageNumber)]);
    const encoded = [...params.keys()]
      .sort()
      .flatMap((key) => params.get(key)!.map((value) => `${quotePlus(key)}=${quotePlus(value)}`))
      .join('&');
    return encoded ? `${base}?${encoded}` : base;
  };
  return {
    next: page.hasNext ? link(page.number + 1) : null,
    previous: page.hasPrevious ? link(page.number === 2 ? null : page.number - 1) : null,
  };
}

/** Python's parse_qs(query, keep_blank_values=True): '&'-separated, '+' is a space. */
function parseQuery(query: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const separator = part.indexOf('=');
    const [rawKey, rawValue] = separator === -1 ? [part, ''] : [part.slice(0, separator), part.slice(separator + 1)];
    const key = unquote(rawKey.replaceAll('+', ' '));
    const values = params.get(key) ?? [];
    values.push(unquote(rawValue.replaceAll('+', ' ')));
    params.set(key, values);
  }
  return params;
}

/** Python's unquote: decodes valid %XX runs as UTF-8 (bad bytes become U+FFFD), leaves the rest. */
function unquote(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16));
    return new TextDecoder('utf-8').decode(bytes);
  });
}

/** Python's quote_plus(text, safe=''): only letters, digits and `_.-~` stay as they are. */
function quotePlus(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.\-~]/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
