import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const BOUNDARY = 'outpost-boundary-7a1c';
const TEXT_CONFIG = '<View><Text name="text" value="$text"/></View>';

interface RawBody {
  /** The Content-Type header as sent. */
  contentType: string;
  body: string;
}

/** One multipart body, written by hand so its framing can be what browsers never send. */
function rawBody(
  name: string,
  content: string,
  { filename, boundary = BOUNDARY, preamble = '', quoteName = true } = {} as {
    filename?: string;
    boundary?: string;
    preamble?: string;
    quoteName?: boolean;
  },
): RawBody {
  const nameParam = quoteName ? `"${name}"` : name;
  const fileParam = filename === undefined ? '' : `; filename="${filename}"`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body:
      `${preamble}--${boundary}\r\nContent-Disposition: form-data; name=${nameParam}${fileParam}\r\n\r\n` +
      `${content}\r\n--${boundary}--\r\n`,
  };
}

/** The three ways the server reads multipart: import (to disk), upload replacement (to disk), any form. */
const ENDPOINTS = {
  import: async (t: TestApp, send: (field: string, value: string, filename?: string) => RawBody) => {
    const project = await createProject(t);
    const { contentType, body } = send('file', 'text\nhello\n', 'a.csv');
    return t.withToken(`/api/projects/${project}/import`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': contentType },
    });
  },
  replaceUpload: async (t: TestApp, send: (field: string, value: string, filename?: string) => RawBody) => {
    const project = await createProject(t);
    const form = new FormData();
    form.append('file', new Blob(['text\nfirst\n']), 'first.csv');
    const imported = await t.withToken(`/api/projects/${project}/import?commit_to_project=false`, {
      method: 'POST',
      body: form,
    });
    const [id] = ((await imported.json()) as { file_upload_ids: number[] }).file_upload_ids;
    const { contentType, body } = send('file', 'text\nsecond\n', 'b.csv');
    return t.withToken(`/api/import/file-upload/${id}`, {
      method: 'PATCH',
      body,
      headers: { 'Content-Type': contentType },
    });
  },
  createProject: (t: TestApp, send: (field: string, value: string, filename?: string) => RawBody) => {
    const { contentType, body } = send('title', 'From a form');
    return t.withToken('/api/projects/', { method: 'POST', body, headers: { 'Content-Type': contentType } });
  },
};

async function createProject(t: TestApp): Promise<number> {
  const created = await t.withToken('/api/projects/', {
    method: 'POST',
    body: JSON.stringify({ label_config: TEXT_CONFIG }),
    headers: { 'Content-Type': 'application/json' },
  });
  return ((await created.json()) as { id: number }).id;
}

const SUCCESS = { import: 201, replaceUpload: 200, createProject: 201 };

describe('multipart bodies: one parser, one set of rules on every endpoint', () => {
  it('reads a preamble and an unquoted name everywhere (the import parser did, the form parser refused)', async () => {
    for (const [endpoint, send] of Object.entries(ENDPOINTS)) {
      const t = await createTestApp();
      const response = await send(t, (field, value, filename) =>
        rawBody(field, value, { filename, preamble: 'This is a MIME preamble.\r\n', quoteName: false }),
      );
      expect({ endpoint, status: response.status }).toEqual({
        endpoint,
        status: SUCCESS[endpoint as keyof typeof SUCCESS],
      });
    }
  });

  it("refuses a missing or over-long boundary everywhere with Django's message", async () => {
    const long = 'b'.repeat(202);
    for (const send of Object.values(ENDPOINTS)) {
      const t = await createTestApp();
      const missing = await send(t, (field, value, filename) => {
        const raw = rawBody(field, value, { filename });
        return { ...raw, contentType: 'multipart/form-data' };
      });
      await expectEnvelope(missing, 400, 'Multipart form parse error - Invalid boundary in multipart: None');
      const tooLong = await send(t, (field, value, filename) => rawBody(field, value, { filename, boundary: long }));
      await expectEnvelope(tooLong, 400, `Multipart form parse error - Invalid boundary in multipart: ${long}`);
    }
  });

  it('answers a truncated body with a 400 parse error everywhere, never a 500', async () => {
    for (const send of Object.values(ENDPOINTS)) {
      const t = await createTestApp();
      for (const cut of [10, 30]) {
        const response = await send(t, (field, value, filename) => {
          const raw = rawBody(field, value, { filename });
          return { ...raw, body: raw.body.slice(0, -cut) };
        });
        await expectEnvelope(response, 400, 'Multipart form parse error - The body ended before the closing boundary');
      }
    }
  });

  it('answers a malformed part header followed by another file part with a 400, not a hang (fuzz seed 1469290706)', async () => {
    // busboy reports the bad header, then still hands over the next part's file, which no one ends.
    const malformedThenFile = (field: string): RawBody => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a\u0000.json"\r\n\r\nnull\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="b.json"\r\n\r\n[1, 2`,
    });
    for (const send of Object.values(ENDPOINTS)) {
      const t = await createTestApp();
      const response = await send(t, (field) => malformedThenFile(field));
      await expectEnvelope(response, 400, 'Multipart form parse error - Malformed part header');
    }
  });
});
