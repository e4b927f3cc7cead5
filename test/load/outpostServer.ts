import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';

/*
 * A real `outpost serve` process on a data folder, for the load and kill suites: the client side
 * talks to it over HTTP only, and the database is read directly only while no server runs.
 */

export const TOKEN = 'abcdefabcdefabcdefabcdefabcdefabcdef0123';

export const CHOICES_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text">' +
  '<Choice value="a"/><Choice value="b"/><Choice value="c"/></Choices></View>';

export const choice = (value: string) => [
  { id: 'r1', from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [value] } },
];

export interface Answer<T> {
  status: number;
  body: T;
  text: string;
}

export interface Outpost {
  url: string;
  dataDir: string;
  cli: SpawnedCli;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
}

const dataDirs: string[] = [];

/** A new data folder under the system's temporary folder, removed by `removeDataDirs`. */
export function newDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  dataDirs.push(dataDir);
  return dataDir;
}

/** Full-size runs leave hundreds of megabytes of databases: removed once their servers are gone. */
export function removeDataDirs(): void {
  for (const dataDir of dataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
}

export async function startOutpost(dataDir: string): Promise<Outpost> {
  const cli = await spawnCli(['serve', '--data', dataDir, '--port', '0', '--token', TOKEN]);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${cli.url}${path}`, {
      method,
      headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed as T, text };
  };
  return { url: cli.url, dataDir, cli, call };
}

/** Like `call`, but anything other than the expected status is a thrown error with the answer. */
export async function expectStatus<T>(
  outpost: Outpost,
  status: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await outpost.call<T>(method, path, body);
  if (answer.status !== status) {
    throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return answer.body;
}

export async function createProject(outpost: Outpost, title: string): Promise<number> {
  const project = await expectStatus<{ id: number }>(outpost, 201, 'POST', '/api/projects/', {
    title,
    label_config: CHOICES_CONFIG,
  });
  return project.id;
}

/** Opens the folder's database in this process (the server must not be running). */
export function withDatabase<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'outpost.db'));
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function integrityOf(db: Database.Database): unknown {
  return db.pragma('integrity_check', { simple: true });
}
