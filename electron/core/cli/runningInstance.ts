import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWNER_ONLY_FILE } from '../db/fileModes.js';

/*
 * `<data folder>/instance.json` names the process serving that folder and its address, so a
 * second `outpost start` on the same folder opens the running Outpost instead of failing to bind
 * its port. The record is trusted only while its process is alive and its address answers
 * /health: a crash leaves a stale file that the next start simply replaces.
 */

export interface InstanceRecord {
  pid: number;
  url: string;
  started_at: string;
}

/** How long a recorded instance may take to answer /health before it counts as gone. */
const HEALTH_TIMEOUT_MS = 3_000;

export function instanceFile(dataDir: string): string {
  return join(dataDir, 'instance.json');
}

function readRecord(dataDir: string): InstanceRecord | null {
  try {
    const value = JSON.parse(readFileSync(instanceFile(dataDir), 'utf8')) as Partial<InstanceRecord>;
    if (typeof value.pid !== 'number' || typeof value.url !== 'string') return null;
    return { pid: value.pid, url: value.url, started_at: String(value.started_at ?? '') };
  } catch {
    return null;
  }
}

/** Signal 0 only asks whether the process exists; EPERM means it does, under another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function answersHealth(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    const body = (await response.json()) as { status?: unknown };
    return response.ok && body.status === 'UP';
  } catch {
    return false;
  }
}

/** The Outpost already serving this data folder (another process, alive and answering), or null. */
export async function findRunningInstance(dataDir: string): Promise<InstanceRecord | null> {
  const record = readRecord(dataDir);
  if (!record || record.pid === process.pid || !isProcessAlive(record.pid)) return null;
  return (await answersHealth(record.url)) ? record : null;
}

/**
 * Records this process as the one serving the folder (written whole, then renamed into place,
 * so a reader never sees half a file). Returns the removal, which leaves a newer owner's record.
 */
export function recordInstance(dataDir: string, url: string, now: Date = new Date()): () => void {
  const record: InstanceRecord = { pid: process.pid, url, started_at: now.toISOString() };
  const file = instanceFile(dataDir);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(record)}\n`, { mode: OWNER_ONLY_FILE });
  renameSync(partial, file);
  return () => {
    if (readRecord(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  };
}
