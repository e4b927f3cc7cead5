import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort, INTEROP_DIR } from '../labelStudio.js';

/*
 * A real S3 API for the storage tests: moto in server mode (installed by test/interop/install.sh
 * into .interop/storage-venv) on a free port of 127.0.0.1, in a process group of its own so stop()
 * ends all of it. Any key pair works until requireCredentials() switches moto's IAM checks on.
 */

const MOTO_BIN = join(INTEROP_DIR, 'storage-venv', 'bin', 'moto_server');

/** Keys the tests give storages; moto accepts any until its IAM checks are on. */
export const MOTO_KEYS = { aws_access_key_id: 'AKIAOUTPOSTTEST00001', aws_secret_access_key: 'outpost-test-secret' };

export interface MotoServer {
  /** The endpoint, `http://127.0.0.1:<port>` (what storages get as `s3_endpoint`). */
  url: string;
  /** An SDK client of the test's own, to make buckets and objects and read what was written. */
  admin: S3Client;
  createBucket(name: string): Promise<void>;
  put(bucket: string, key: string, body: string | Buffer, contentType?: string): Promise<void>;
  /** An object's bytes and stored content type, or null when it does not exist. */
  get(bucket: string, key: string): Promise<{ body: Buffer; contentType: string | undefined } | null>;
  /** Switches moto's IAM checks on (`on`) or off: with them on, keys moto never issued are refused. */
  requireCredentials(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`moto_server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/moto-api/data.json`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`moto_server did not answer within 30 s:\n${log()}`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  return closed.finally(() => clearTimeout(timer));
}

export async function startMotoServer(): Promise<MotoServer> {
  if (!existsSync(MOTO_BIN)) {
    throw new Error(`moto is not installed in ${MOTO_BIN}: run \`bash test/interop/install.sh\`.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(MOTO_BIN, ['-H', '127.0.0.1', '-p', String(port)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  const admin = new S3Client({
    region: 'us-east-1',
    endpoint: url,
    forcePathStyle: true,
    credentials: { accessKeyId: MOTO_KEYS.aws_access_key_id, secretAccessKey: MOTO_KEYS.aws_secret_access_key },
  });
  return {
    url,
    admin,
    async createBucket(name) {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    async put(bucket, key, body, contentType) {
      await admin.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(bucket, key) {
      try {
        const object = await admin.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { body: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async requireCredentials(on) {
      const response = await fetch(`${url}/moto-api/reset-auth`, { method: 'POST', body: on ? '0' : 'inf' });
      if (!response.ok) throw new Error(`moto reset-auth: ${response.status} ${await response.text()}`);
    },
    async stop() {
      admin.destroy();
      await stopGroup(child);
    },
  };
}
