import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { afterAll, beforeAll } from 'vitest';
import { AZURE_ENDPOINT_VARIABLE } from '../../electron/core/storages/clients/azureClient.js';

/*
 * Azurite's blob service for the Azure storage tests: its own process on a free port of
 * 127.0.0.1, data in memory (its working folder is a temp folder, removed on stop), strict mode
 * (no --loose, so unsupported headers fail as Azure would fail them), telemetry off. Requests are
 * checked against the well-known development account's shared key, so a wrong key is refused.
 */

/** Azurite's built-in development account (public, documented by Microsoft). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/**
 * A bound, not a wait: Azurite starts in about 2 s here, but once took past 30 s with a loaded
 * machine's every core busy (a CI run beside other work), and printed nothing by then.
 */
const START_TIMEOUT_MS = 90_000;
const LISTENING = /successfully listens on (http:\/\/127\.0\.0\.1:\d+)/;

export interface AzuriteServer {
  /** The blob service URL of the development account (path style, as a connection string's BlobEndpoint). */
  endpoint: string;
  /** A client with the right key, to arrange containers and blobs around Outpost. */
  service: BlobServiceClient;
  stop(): Promise<void>;
}

function waitForAddress(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Azurite did not start:\n${output}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Azurite exited with ${code}:\n${output}`));
    });
  });
}

/** Resolves once the service answers HTTP at all (any status: it is up). */
function answers(address: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = request(`${address}/${AZURITE_ACCOUNT}?comp=list`, { method: 'GET' }, (response) => {
      response.resume();
      done(true);
    });
    probe.on('error', () => done(false));
    probe.end();
  });
}

export async function startAzurite(): Promise<AzuriteServer> {
  const workdir = mkdtempSync(join(tmpdir(), 'outpost-azurite-'));
  const binary = resolve('node_modules/.bin/azurite-blob');
  // --skipApiVersionCheck: the SDK speaks a newer service version than this Azurite release knows.
  const args = [
    '--blobHost',
    '127.0.0.1',
    '--blobPort',
    '0',
    '--inMemoryPersistence',
    '--disableTelemetry',
    '--skipApiVersionCheck',
    '--silent',
  ];
  const child = spawn(binary, args, { cwd: workdir, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(workdir, { recursive: true, force: true });
  };
  try {
    const address = await waitForAddress(child);
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await answers(address))) {
      if (Date.now() > deadline) throw new Error(`Azurite at ${address} does not answer`);
      await new Promise((done) => setTimeout(done, 100));
    }
    const endpoint = `${address}/${AZURITE_ACCOUNT}`;
    const service = new BlobServiceClient(endpoint, new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY));
    return { endpoint, service, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One Azurite for a test file, with Outpost's Azure client pointed at it through
 * OUTPOST_AZURE_BLOB_ENDPOINT (each test file runs in its own worker, so the variable stays there).
 */
export function useAzurite(): () => AzuriteServer {
  let server: AzuriteServer | undefined;
  const previous = process.env[AZURE_ENDPOINT_VARIABLE];
  beforeAll(async () => {
    server = await startAzurite();
    process.env[AZURE_ENDPOINT_VARIABLE] = server.endpoint;
  }, START_TIMEOUT_MS + 10_000);
  afterAll(async () => {
    if (previous === undefined) delete process.env[AZURE_ENDPOINT_VARIABLE];
    else process.env[AZURE_ENDPOINT_VARIABLE] = previous;
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('Azurite is not running (useAzurite() must be called at the top of a test file)');
    return server;
  };
}

/** A new container holding these blobs (name -> content), for one test. */
export async function containerWith(server: AzuriteServer, blobs: Record<string, string | Buffer> = {}) {
  const name = `box-${randomUUID().slice(0, 8)}`;
  const { containerClient } = await server.service.createContainer(name);
  for (const [blob, content] of Object.entries(blobs)) {
    await containerClient.getBlockBlobClient(blob).upload(content, Buffer.byteLength(content));
  }
  return { name, client: containerClient };
}
