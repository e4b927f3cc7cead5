import { findRemoteByUrl, type RemoteRow } from '../../db/repos/remotesRepo.js';
import { ValidationError } from '../../domain/errors.js';
import { normalizeRemoteUrl } from '../../domain/remotes/remoteUrl.js';
import {
  deleteRemote,
  duplicateUrlError,
  getRemote,
  insertRemote,
  requireRemote,
  updateRemote,
  type RemoteUpdate,
} from '../../domain/remotes/remotes.js';
import type { RemoteWire } from '../../domain/remotes/serializeRemote.js';
import { adoptRemoteIdentity } from '../../domain/users/adoptRemoteIdentity.js';
import { cacheRemoteEditor } from '../editor/cacheRemoteEditor.js';
import { discardRemoteEditors } from '../editor/editorCache.js';
import { connectRemote, type RemoteConnection } from './connectRemote.js';
import { assertNoLiveRun } from './liveRuns.js';
import type { SyncDeps } from './syncDeps.js';

/*
 * Adding, changing, testing and removing remotes. Every new URL or token is tried against the
 * remote before it is saved, so a stored remote is one that answered and accepted its token.
 */

function connectionFacts(connection: RemoteConnection) {
  return {
    token_kind: connection.client.tokenKind,
    remote_version: connection.version.release,
    remote_user_id: connection.user.id,
    remote_user_email: connection.user.email,
  };
}

export function storedToken(deps: SyncDeps, remote: RemoteRow): string {
  const token = deps.tokenVault.get(remote.id);
  if (!token) throw new ValidationError({ token: ['No token is stored for this remote: give it again.'] });
  return token;
}

export interface AddRemoteInput {
  url: string;
  token: string;
  name?: string | undefined;
}

export async function addRemote(deps: SyncDeps, input: AddRemoteInput): Promise<RemoteWire> {
  const url = normalizeRemoteUrl(input.url);
  // Checked before connecting (no traffic for a mistake) and again when the row is written.
  if (findRemoteByUrl(deps.db, url)) throw duplicateUrlError(url);
  const connection = await connectRemote({ url, token: input.token, fetch: deps.fetch });
  const name = input.name?.trim() || new URL(url).host;
  const id = insertRemote(deps, { url, name, ...connectionFacts(connection) });
  try {
    deps.tokenVault.set(id, input.token);
  } catch (error) {
    // A remote without its token is of no use: do not leave one behind.
    deleteRemote(deps, id);
    throw error;
  }
  adoptRemoteIdentity(deps.db, id, connection.user);
  // The remote's editor comes down in the background (adding must not wait for some 8 MB); a
  // failure here is retried and reported by the next sync.
  const editorDeps = { db: deps.db, clock: deps.clock, dataDir: deps.dataDir, fetch: deps.fetch };
  const row = { id, url, editor_key: null };
  cacheRemoteEditor(editorDeps, row, connection.version).catch(() => undefined);
  return getRemote(deps, id);
}

export interface RemotePatch {
  name?: string | undefined;
  url?: string | undefined;
  token?: string | undefined;
  sync_interval_minutes?: number | undefined;
}

export async function changeRemote(deps: SyncDeps, id: number, patch: RemotePatch): Promise<RemoteWire> {
  const remote = requireRemote(deps, id);
  const changes: RemoteUpdate = {};
  let connection: RemoteConnection | undefined;
  if (patch.name !== undefined) changes.name = patch.name.trim();
  if (patch.sync_interval_minutes !== undefined) changes.sync_interval_minutes = patch.sync_interval_minutes;
  const url = patch.url === undefined ? remote.url : normalizeRemoteUrl(patch.url);
  if (url !== remote.url || patch.token !== undefined) {
    if (url !== remote.url) {
      if (findRemoteByUrl(deps.db, url)) throw duplicateUrlError(url);
      // The mirrors' authors move to the new URL; a run using the old one must not be mid-way.
      assertNoLiveRun(deps, id);
      changes.url = url;
    }
    const token = patch.token ?? storedToken(deps, remote);
    connection = await connectRemote({ url, token, fetch: deps.fetch });
    Object.assign(changes, connectionFacts(connection));
  }
  updateRemote(deps, id, changes);
  if (connection) adoptRemoteIdentity(deps.db, id, connection.user);
  if (patch.token !== undefined) deps.tokenVault.set(id, patch.token);
  return getRemote(deps, id);
}

/** Connects now with the stored token and records what the remote said. */
export async function testRemote(deps: SyncDeps, id: number): Promise<RemoteWire> {
  const remote = requireRemote(deps, id);
  const connection = await connectRemote({ url: remote.url, token: storedToken(deps, remote), fetch: deps.fetch });
  updateRemote(deps, id, connectionFacts(connection));
  adoptRemoteIdentity(deps.db, id, connection.user);
  return getRemote(deps, id);
}

export async function removeRemote(deps: SyncDeps, id: number): Promise<void> {
  requireRemote(deps, id);
  assertNoLiveRun(deps, id);
  deleteRemote(deps, id);
  deps.tokenVault.delete(id);
  // Its editors go with it: a remote added later may get the same id.
  await discardRemoteEditors(deps.dataDir, id);
}
