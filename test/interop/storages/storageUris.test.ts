import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  bucketAndKeyOf,
  decodeFileUri,
  encodeFileUri,
  pythonRepr,
} from '../../../electron/core/domain/storages/storageUris.js';
import { VENV_PYTHON } from '../labelStudio.js';

/*
 * The Python behaviours media resolution leans on, checked against Python itself (the interop
 * venv's): how a `fileuri` decodes (URL-safe base64, else unquoted), repr() of task values, and
 * urlparse's bucket and key.
 */

function python(script: string, inputs: unknown[]): unknown[] {
  const out = execFileSync(VENV_PYTHON, ['-c', script], { input: JSON.stringify(inputs), encoding: 'utf8' });
  return JSON.parse(out) as unknown[];
}

const DECODE = `
import base64, json, sys
from urllib.parse import unquote
def decode(value):
    try:
        return base64.urlsafe_b64decode(value.encode()).decode()
    except Exception:
        return unquote(value)
print(json.dumps([decode(v) for v in json.load(sys.stdin)]))
`;

describe('Python behaviours of media resolution', () => {
  it('decodes fileuri as Label Studio does', () => {
    const inputs = [
      encodeFileUri('s3://bucket/images/red one.png'),
      encodeFileUri('gs://b/ünïcode/ключ.jpg'),
      encodeFileUri('s3://b/k').replace(/=+$/, ''),
      's3://bucket/images/red.png',
      's3%3A%2F%2Fbucket%2Fa%20b.png',
      'YWJj',
      'YWJjZA==',
      'YW=JjZA==',
      '%ff%fe',
      '',
    ];
    expect(inputs.map(decodeFileUri)).toEqual(python(DECODE, inputs));
  });

  it('prints task values as repr() does', () => {
    const values = [['s3://b/a.png', "it's", 'say "hi"', 'both \' and "', 7, true, null, { k: ['x\ny', 'tab\t'] }]];
    const script = 'import json, sys; print(json.dumps([repr(v) for v in json.load(sys.stdin)]))';
    expect(values.map(pythonRepr)).toEqual(python(script, values));
  });

  it("reads a URI's bucket and key as urlparse does", () => {
    const uris = ['s3://bucket/a/b.png', 's3://bucket//double/x', 's3://bucket/q?x=1', 's3://bucket', 'gs://b/#frag'];
    const script = `
import json, sys
from urllib.parse import urlparse
out = []
for uri in json.load(sys.stdin):
    parsed = urlparse(uri, allow_fragments=False)
    out.append({'bucket': parsed.netloc, 'key': parsed.path.lstrip('/')})
print(json.dumps(out))
`;
    expect(uris.map(bucketAndKeyOf)).toEqual(python(script, uris));
  });
});
