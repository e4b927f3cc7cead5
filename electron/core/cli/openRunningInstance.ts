import { createLoginToken } from '../domain/auth/browserSessions.js';
import { openDataFolder } from '../openDataFolder.js';
import type { CliIo } from './io.js';
import { openBrowser } from './openBrowser.js';
import type { InstanceRecord } from './runningInstance.js';

/**
 * A second `outpost start` on a data folder that is already served: rather than fail on the
 * taken port, it signs a browser into the running Outpost with a fresh one-time link, written
 * into the shared database, which the running server redeems like its own.
 */
export async function openRunningInstance(
  instance: InstanceRecord,
  dataDir: string,
  io: CliIo,
  openInBrowser: boolean,
): Promise<number> {
  const folder = await openDataFolder({ dataDir });
  let login: string;
  try {
    login = `${instance.url}/login?token=${createLoginToken(folder.ctx, folder.userId)}`;
  } finally {
    folder.db.close();
  }
  io.out(`Outpost is already running at ${instance.url}`);
  io.out(`LOGIN: ${login}`);
  if (openInBrowser) {
    openBrowser(login);
    io.err('Opened it in your browser.');
  } else {
    io.err('Open the LOGIN link above in your browser to sign in.');
  }
  return 0;
}
