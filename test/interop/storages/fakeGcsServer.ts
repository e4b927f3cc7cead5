import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, INTEROP_DIR } from '../labelStudio.js';

/*
 * fake-gcs-server (the Google Cloud Storage emulator test/interop/install.sh builds) on a free
 * port of 127.0.0.1, in memory, for the GCS storage tests. Its helpers talk to the JSON API with
 * plain fetch, so what a test arranges or checks never goes through the client under test.
 */

const BINARY = join(INTEROP_DIR, 'go-bin', 'fake-gcs-server');

export interface FakeGcsServer {
  /** The emulator's base address, as STORAGE_EMULATOR_HOST takes it (`http://127.0.0.1:<port>`). */
  url: string;
  createBucket(name: string): Promise<void>;
  putObject(bucket: string, key: string, body: string | Buffer, contentType?: string): Promise<void>;
  /** The object's bytes and content type, or null when there is none. */
  getObject(bucket: string, key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Every key of the bucket, in the emulator's order. */
  listKeys(bucket: string): Promise<string[]>;
  /** What the process wrote, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`fake-gcs-server: ${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function startFakeGcsServer(): Promise<FakeGcsServer> {
  if (!existsSync(BINARY)) {
    throw new Error(`fake-gcs-server is not built at ${BINARY}. Run \`bash test/interop/install.sh\` (it needs Go).`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['-scheme', 'http', '-host', '127.0.0.1', '-port', String(port), '-backend', 'memory'];
  // -external-url: upload answers name this address, not the default https one.
  args.push('-external-url', url, '-log-level', 'warn');
  const child = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-50_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!isRunning()) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!isRunning()) throw new Error(`fake-gcs-server exited before it was up:\n${output}`);
    const answer = await fetch(`${url}/storage/v1/b`).catch(() => null);
    if (answer?.ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`fake-gcs-server did not answer within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const objectUrl = (bucket: string, key: string) => `${url}/storage/v1/b/${bucket}/o/${encodeURIComponent(key)}`;
  return {
    url,
    async createBucket(name) {
      const body = JSON.stringify({ name });
      await expectOk(
        await fetch(`${url}/storage/v1/b`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }),
        `creating bucket ${name}`,
      );
    },
    async putObject(bucket, key, body, contentType = 'application/octet-stream') {
      const target = `${url}/upload/storage/v1/b/${bucket}/o?uploadType=media&name=${encodeURIComponent(key)}`;
      const init = {
        method: 'POST',
        body: new Uint8Array(Buffer.from(body)),
        headers: { 'Content-Type': contentType },
      };
      await expectOk(await fetch(target, init), `uploading ${bucket}/${key}`);
    },
    async getObject(bucket, key) {
      const answer = await fetch(`${objectUrl(bucket, key)}?alt=media`);
      if (answer.status === 404) return null;
      await expectOk(answer, `downloading ${bucket}/${key}`);
      const body = Buffer.from(await answer.arrayBuffer());
      return { body, contentType: answer.headers.get('content-type') ?? '' };
    },
    async listKeys(bucket) {
      const keys: string[] = [];
      let pageToken = '';
      do {
        const page = `${url}/storage/v1/b/${bucket}/o?maxResults=1000${pageToken ? `&pageToken=${pageToken}` : ''}`;
        const answer = await expectOk(await fetch(page), `listing ${bucket}`);
        const json = (await answer.json()) as { items?: { name: string }[]; nextPageToken?: string };
        keys.push(...(json.items ?? []).map((item) => item.name));
        pageToken = json.nextPageToken ? encodeURIComponent(json.nextPageToken) : '';
      } while (pageToken);
      return keys;
    },
    log: () => output,
    stop,
  };
}
