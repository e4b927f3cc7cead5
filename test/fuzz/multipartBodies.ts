import type { Random } from './random.js';
import { hostilePathSegments, TEN_MEGABYTES, XML_BOMB } from './hostileValues.js';

const FILE_NAMES = [
  'tasks.json',
  'tasks.csv',
  'tasks.tsv',
  'tasks.txt',
  'image.png',
  'a.zip',
  'noextension',
  '.json',
  'x'.repeat(300) + '.json',
  ...hostilePathSegments.map((segment) => `${segment}.json`),
];

const FILE_CONTENTS = [
  '[{"text": "ok"}]',
  '[{"text": ',
  '{"data": {"text": 1}, "annotations": [{"result": 5}]}',
  'text,label\n"unclosed,1\n',
  'a\tb\n1\t2\t3\n',
  '\u0000\u0001\u0002',
  '\ufeff[{"text":"bom"}]',
  'null',
  '[]',
  '[1, "two", null]',
  XML_BOMB,
  '\x89PNG\r\n\x1a\n',
  'PK\x03\x04broken',
];

export interface BuiltBody {
  body: Buffer;
  contentType: string;
  kind: string;
}

/** A multipart body with hostile file names and contents; `broken` makes it malformed on the wire. */
export function multipartBody(random: Random, broken: boolean): BuiltBody {
  const boundary = `fuzz${random.int(0, 1e9)}`;
  const parts: string[] = [];
  for (let index = 0; index < random.int(1, 3); index += 1) {
    const field = random.pick(['file', 'files', 'upload', 'data', '', 'file"; filename="evil']);
    const name = random.pick(FILE_NAMES);
    const content = random.chance(0.002) ? 'x'.repeat(TEN_MEGABYTES) : random.pick(FILE_CONTENTS);
    const type = random.pick(['application/json', 'text/csv', 'application/octet-stream', 'image/png', '']);
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        (type ? `Content-Type: ${type}\r\n` : '') +
        `\r\n${content}\r\n`,
    );
  }
  let text = `${parts.join('')}--${boundary}--\r\n`;
  let contentType = `multipart/form-data; boundary=${boundary}`;
  let kind = 'multipart';
  if (broken) {
    const fault = random.int(0, 5);
    kind = `multipart-broken-${fault}`;
    if (fault === 0) text = text.slice(0, random.int(0, text.length - 1));
    if (fault === 1) contentType = 'multipart/form-data';
    if (fault === 2) contentType = 'multipart/form-data; boundary=other';
    if (fault === 3) text = text.replace(/\r\n\r\n/, '\r\n');
    if (fault === 4) text = text.replace(/Content-Disposition: [^\r]*/, 'Content-Disposition: garbage');
    if (fault === 5) contentType = `multipart/form-data; boundary="${'b'.repeat(random.int(71, 5000))}"`;
  }
  return { body: Buffer.from(text, 'utf8'), contentType, kind };
}
