import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import { makePng } from '../helpers/labelingMedia.js';
import { readZip } from '../helpers/readZip.js';
import { startRemoteOutpost, type RemoteOutpost, syncDepsOf } from '../helpers/syncRemote.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * A pulled project's exports name its annotators by the server's user ids, as the server's own
 * exports do: the token's account (the local user here) and another author (a stand-in here)
 * have other ids on the remote than here, and JSON's completed_by, CSV's annotator column, VOC's
 * <annotator> and the API's created_username show the remote's.
 */

const CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image"><Label value="cat"/></RectangleLabels></View>';

const BOX = [
  {
    id: 'b1',
    from_name: 'box',
    to_name: 'image',
    type: 'rectanglelabels',
    original_width: 7,
    original_height: 5,
    image_rotation: 0,
    value: { x: 10, y: 20, width: 30, height: 40, rotation: 0, rectanglelabels: ['cat'] },
  },
];

/** Rows of a CSV text (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (quoted || c !== '\r') {
      field += c;
    }
  }
  if (field || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows.filter((cells) => cells.length > 1);
}

const sorted = (values: unknown[]) => values.map(String).sort();

describe('user ids in the exports of a pulled project', () => {
  let remote: RemoteOutpost;
  let t: TestApp;
  let remoteProject: number;
  let project: number;
  let me: number;
  let pat: number;

  async function remoteExport(format: string): Promise<Buffer> {
    const response = await fetch(`${remote.url}/api/projects/${remoteProject}/export?exportType=${format}`, {
      headers: { Authorization: `Token ${remote.token}` },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }
  async function localExport(format: string): Promise<Buffer> {
    const response = await t.withToken(`/api/projects/${project}/export?exportType=${format}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }
  const completedBy = (json: Buffer) =>
    sorted(
      (JSON.parse(json.toString('utf8')) as { annotations: { completed_by: number }[] }[]).flatMap((task) =>
        task.annotations.map((annotation) => annotation.completed_by),
      ),
    );
  const csvAnnotators = (csv: Buffer) => {
    const [header, ...rows] = parseCsv(csv.toString('utf8'));
    const column = header!.indexOf('annotator');
    expect(column).toBeGreaterThanOrEqual(0);
    return sorted(rows.map((row) => row[column]));
  };
  const vocAnnotators = (zip: Buffer) =>
    sorted(
      readZip(zip)
        .filter((entry) => entry.name.endsWith('.xml'))
        .map((entry) => /<annotator>([^<]*)<\/annotator>/.exec(entry.content.toString('utf8'))?.[1]),
    );

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    // Other people came first there, so neither author has the id it gets here.
    await remote.addUser('first@example.com');
    await remote.addUser('second@example.com');
    me = await remote.addUser('me@example.com', 'Me', 'There');
    pat = await remote.addUser('pat@example.com', 'Pat', 'Other');
    const remoteDb = openDatabase(join(remote.dataDir, 'outpost.db'));
    try {
      // The token is the account `me` there (Outpost has no API to hand a key to someone else).
      remoteDb.prepare('UPDATE legacy_keys SET user = ?').run(me);
    } finally {
      remoteDb.close();
    }
    remoteProject = (await remote.api<{ id: number }>('POST', '/api/projects/', { title: 'Ids', label_config: CONFIG }))
      .id;
    const form = new FormData();
    for (const name of ['a.png', 'b.png']) form.append(name, new Blob([makePng(7, 5)], { type: 'image/png' }), name);
    const imported = await fetch(`${remote.url}/api/projects/${remoteProject}/import?return_task_ids=true`, {
      method: 'POST',
      headers: { Authorization: `Token ${remote.token}` },
      body: form,
    });
    const taskIds = ((await imported.json()) as { task_ids: number[] }).task_ids;
    await remote.api('POST', `/api/tasks/${taskIds[0]}/annotations/`, { result: BOX });
    const patsAnnotation = await remote.api<{ id: number }>('POST', `/api/tasks/${taskIds[1]}/annotations/`, {
      result: BOX,
    });
    const db = openDatabase(join(remote.dataDir, 'outpost.db'));
    try {
      db.prepare('UPDATE annotations SET completed_by = ? WHERE id = ?').run(pat, patsAnnotation.id);
    } finally {
      db.close();
    }
    t = await createTestApp();
    const deps: SyncDeps = syncDepsOf(t);
    const { id } = await addRemote(deps, { url: remote.url, token: remote.token });
    expect((await runSync(deps, id, { projects: [remoteProject] })).summary.errors).toEqual([]);
    project = t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
  });
  afterAll(async () => {
    await remote?.stop();
  });

  it('the authors have other ids here than there', () => {
    const localIds = t.db.prepare('SELECT completed_by FROM annotations WHERE project = ?').pluck().all(project);
    expect(sorted(localIds)).not.toEqual(sorted([me, pat]));
    expect(localIds).toContain(t.userId);
  });

  it("JSON's completed_by is the server's", async () => {
    const theirs = completedBy(await remoteExport('JSON'));
    expect(theirs).toEqual(sorted([me, pat]));
    expect(completedBy(await localExport('JSON'))).toEqual(theirs);
  });

  it("CSV's annotator column is the server's", async () => {
    const theirs = csvAnnotators(await remoteExport('CSV'));
    expect(theirs).toEqual(sorted([me, pat]));
    expect(csvAnnotators(await localExport('CSV'))).toEqual(theirs);
  });

  it("VOC's <annotator> is the server's", async () => {
    const theirs = vocAnnotators(await remoteExport('VOC'));
    expect(theirs).toEqual(sorted([me, pat]));
    expect(vocAnnotators(await localExport('VOC'))).toEqual(theirs);
  });

  it("the API's created_username ends with the server's id", async () => {
    const names: string[] = [];
    for (const task of t.db.prepare('SELECT id FROM tasks WHERE project = ?').pluck().all(project) as number[]) {
      const response = await t.withToken(`/api/tasks/${task}/annotations/`);
      for (const annotation of (await response.json()) as { created_username: string }[])
        names.push(annotation.created_username);
    }
    expect(names.sort()).toEqual([`Me There me@example.com, ${me}`, `Pat Other pat@example.com, ${pat}`]);
  });
});
