/*
 * How Label Studio finds cloud-storage URIs in task data and tells which storage can serve them
 * (io_storages/utils.py: get_uri_via_regex, parse_bucket_uri, storage_can_resolve_bucket_url),
 * with Python's string rules, so Outpost rewrites exactly the values Label Studio rewrites.
 */

/** What a storage needs to claim a URI: its scheme (`s3`, `gs`, `azure-blob`) and its bucket or container. */
export interface UriOwner {
  scheme: string;
  bucket: string | null;
}

// str.strip(): Python's whitespace, which is not quite JavaScript's \s (no U+FEFF, plus \x1c-\x1f and \x85).
const PY_SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** repr() of a JSON value as Python prints it (what `str(data)` gives for lists and dicts). */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    // eslint-disable-next-line no-control-regex -- repr() escapes control characters
    const escaped = value.replace(/[\\\x00-\x1f\x7f]|['"]/g, (char) => {
      if (char === '\\') return '\\\\';
      if (char === '\n') return '\\n';
      if (char === '\r') return '\\r';
      if (char === '\t') return '\\t';
      if (char === "'" || char === '"') return char === quote ? `\\${char}` : char;
      return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    });
    return `${quote}${escaped}${quote}`;
  }
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  }
  return String(value);
}

/**
 * get_uri_via_regex(data, prefixes=(scheme,)): the whole (stripped) text when it starts with the
 * scheme, else the first quoted `scheme://...` inside it (`<img src="s3://b/k.png">`), else null.
 * Lists and dicts are searched in their Python repr, as Label Studio does.
 */
export function findStorageUri(data: unknown, scheme: string): string | null {
  const text = (typeof data === 'string' ? data : pythonRepr(data)).replace(PY_STRIP, '');
  if (text.startsWith(scheme)) return text;
  if (!text.includes(`${scheme}:`)) return null;
  // Label Studio's pattern is ([\"'])(scheme://[^\1=]*)\1, where \1 in a class is chr(1).
  const match = new RegExp(`(["'])(${escapeRegex(scheme)}://[^\\x01=]*)\\1`).exec(text);
  return match?.[2] ?? null;
}

/** Python's truth value of a JSON value (`if not value`). */
function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** parse_bucket_uri: the scheme, bucket and path of the URI found in `value`. */
export function parseBucketUri(
  value: unknown,
  scheme: string,
): { scheme: string; bucket: string; path: string } | null {
  if (!isTruthy(value)) return null;
  const uri = findStorageUri(value, scheme);
  if (!uri) return null;
  const at = uri.indexOf('://');
  if (at < 0) return null;
  const rest = uri.slice(at + 3);
  const slash = rest.indexOf('/');
  if (slash < 0) return null;
  return { scheme: uri.slice(0, at), bucket: rest.slice(0, slash), path: rest.slice(slash + 1) };
}

/** storage_can_resolve_bucket_url: the URI in `value` (a string, list or dict) names the storage's bucket. */
export function canOwnerResolve(owner: UriOwner, value: unknown): boolean {
  if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) return false;
  const uri = parseBucketUri(value, owner.scheme);
  return uri !== null && uri.bucket === owner.bucket;
}

/**
 * urllib.parse.urlparse(uri, allow_fragments=False): the netloc (the bucket) and the path without
 * its leading slashes (the key), which is how the S3, GCS and Azure clients read a URI. A `?` ends
 * the key, as there.
 */
export function bucketAndKeyOf(uri: string): { bucket: string; key: string } {
  // urlsplit drops tabs and newlines anywhere, and leading C0 controls and spaces.
  // eslint-disable-next-line no-control-regex -- urlsplit strips leading C0 controls
  const cleaned = uri.replace(/[\t\r\n]/g, '').replace(/^[\x00-\x20]+/, '');
  const at = cleaned.indexOf('://');
  const rest = at < 0 ? cleaned : cleaned.slice(at + 3);
  const end = rest.search(/[/?#]/);
  const bucket = end < 0 ? rest : rest.slice(0, end);
  let path = end < 0 ? '' : rest.slice(end);
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  return { bucket, key: path.replace(/^\/+/, '') };
}

/** base64.urlsafe_b64encode(uri.encode()).decode(): URL-safe, with its padding. */
export function encodeFileUri(uri: string): string {
  return Buffer.from(uri, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

const BASE64_VALUES = new Map(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/**
 * base64.urlsafe_b64decode (binascii's lenient mode): characters outside the alphabet are skipped,
 * a complete pad ends the input, and a dangling quad is an error (null).
 */
function pythonUrlsafeB64Decode(text: string): Buffer | null {
  const bytes: number[] = [];
  let quad = 0;
  let pads = 0;
  let left = 0;
  for (const char of text.replace(/-/g, '+').replace(/_/g, '/')) {
    if (char === '=') {
      pads += 1;
      if (quad >= 2 && quad + pads >= 4) return Buffer.from(bytes);
      continue;
    }
    const value = BASE64_VALUES.get(char);
    if (value === undefined) continue;
    pads = 0;
    if (quad === 0) {
      left = value;
    } else if (quad === 1) {
      bytes.push(((left << 2) | (value >> 4)) & 0xff);
      left = value & 0x0f;
    } else if (quad === 2) {
      bytes.push(((left << 4) | (value >> 2)) & 0xff);
      left = value & 0x03;
    } else {
      bytes.push(((left << 6) | value) & 0xff);
    }
    quad = (quad + 1) % 4;
  }
  return quad === 0 ? Buffer.from(bytes) : null;
}

/** urllib.parse.unquote: %XX runs decoded as UTF-8, invalid bytes replaced. */
function pythonUnquote(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'));
}

/** The `fileuri` of a resolve request: URL-safe base64 of the URI, or (older clients) the URI quoted. */
export function decodeFileUri(fileuri: string): string {
  const bytes = pythonUrlsafeB64Decode(fileuri);
  if (bytes) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // Not UTF-8: Label Studio falls back to unquoting it as well.
    }
  }
  return pythonUnquote(fileuri);
}
