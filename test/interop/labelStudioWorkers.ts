import { freePort, spawnRig, terminate, waitForHealth, type LabelStudioInfo } from './labelStudio.js';

/*
 * The rig's Label Studio served a second way, beside its own `label-studio start` (Django's
 * server, one process): through uWSGI with several worker processes, as Label Studio's Docker
 * image serves it (its deploy/uwsgi.ini: 4 processes). Same data folder, database and settings,
 * another port (rig.py serve). For benches that compare with the server as it is deployed.
 */

export interface ServedLabelStudio {
  url: string;
  stop(): Promise<void>;
}

export async function serveWithWorkers(ls: LabelStudioInfo, processes = 4): Promise<ServedLabelStudio> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const running = spawnRig(['serve', ls.dataDir, ls.filesRoot, String(port), String(processes)]);
  try {
    await waitForHealth(url, running, 120_000);
  } catch (error) {
    await terminate(running);
    throw error;
  }
  return { url, stop: () => terminate(running) };
}
