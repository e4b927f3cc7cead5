import { createHash } from 'node:crypto';

/**
 * The file name the converter gives an image (docs/export-image-formats.md#image-file-names), with
 * Outpost's own choices: uploads keep their own name `<f>`; everything else is cached
 * as `<H8(url)>__<basename>`. H8 is computed over the URL as the task holds it, because Outpost has
 * no request host to make it absolute (the converter hashes `host + url` for `/data/...` URLs).
 * Names are never URL-decoded.
 */
export function imageFileName(url: string): string {
  const normalized = normalizeUploadUrl(url);
  if (normalized.startsWith('/data/upload')) return posixBasename(normalized);
  if (normalized.startsWith('/data/') && normalized.includes('?d=')) {
    return `${h8(url)}__${posixBasename(normalized.split('?d=')[1]!)}`;
  }
  if (isCloudStorageUri(url)) return `${h8(url)}__${posixBasename(url)}`;
  const { path, query } = splitUrl(url);
  if (path.startsWith('/storage-data/uploaded') || path.startsWith('storage-data/uploaded')) {
    const filepath = new URLSearchParams(query).get('filepath');
    const name = posixBasename(filepath ?? '') || posixBasename(path);
    return `${h8(url)}__${name}`;
  }
  return `${h8(url)}__${posixBasename(path)}`;
}

/** `upload/...` and `/upload/...` are uploads too, as `get_local_path` fixes them. */
export function normalizeUploadUrl(url: string): string {
  if (url.startsWith('upload') || url.startsWith('/upload')) return '/data' + (url.startsWith('/') ? '' : '/') + url;
  return url;
}

export function isCloudStorageUri(url: string): boolean {
  return url.startsWith('s3:') || url.startsWith('gs:') || url.startsWith('azure-blob:');
}

/** First 8 hex digits of md5 over the UTF-8 text. */
export function h8(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').slice(0, 8);
}

/** `posixpath.basename`: everything after the last `/`. */
export function posixBasename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `os.path.splitext(name)[0]`: drop the last extension; leading dots do not start one. */
export function stripExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name;
  // Python skips leading dots: ".bashrc" and "..x" have no extension.
  if (/^\.+$/.test(name.slice(0, dot))) return name;
  return name.slice(0, dot);
}

/** The YOLO label stem: the name without extension, cut to 251 code points. */
export function yoloStem(imageName: string): string {
  const stem = stripExtension(imageName);
  const codePoints = Array.from(stem);
  return codePoints.length > 251 ? codePoints.slice(0, 251).join('') : stem;
}

/** `urlparse(url).path` and `.query`: scheme and netloc dropped, `;params` of the last segment too. */
function splitUrl(url: string): { path: string; query: string } {
  let rest = url;
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  let query = '';
  const question = rest.indexOf('?');
  if (question >= 0) {
    query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    rest = slash >= 0 ? rest.slice(slash) : '';
  }
  const lastSlash = rest.lastIndexOf('/');
  const semicolon = rest.indexOf(';', lastSlash + 1);
  if (semicolon >= 0) rest = rest.slice(0, semicolon);
  return { path: rest, query };
}
