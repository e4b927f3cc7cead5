import type { ProjectEditor, ProjectEditorChoices } from '../../../../shared/api/editor.js';
import type { Db } from '../../db/open.js';
import { projectExists } from '../../db/repos/projectExistsRepo.js';
import { findRemoteOfProject } from '../../db/repos/remotesRepo.js';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { readChosenEditor, writeChosenEditor } from './chosenEditor.js';
import { checkEditor, listEditors, readManifest } from './editorCache.js';
import { newestFirst, projectEditor } from './projectEditor.js';

/*
 * Choosing, in a project's settings, which editor labels a project made here: the bundled one
 * (the default) or one a remote brought. A remote's editor is its code, so it never labels a
 * project unless someone picked it for that project; a mirrored project always labels with its
 * own remote's editor and has nothing to choose.
 */

interface Deps {
  db: Db;
  dataDir: string;
}

function requireProject(deps: Deps, projectId: number): void {
  if (!projectExists(deps.db, projectId)) throw new NotFoundError('No Project matches the given query.');
}

export async function projectEditorChoices(deps: Deps, projectId: number): Promise<ProjectEditorChoices> {
  requireProject(deps, projectId);
  const remote = findRemoteOfProject(deps.db, projectId);
  const editors = (await listEditors(deps.dataDir)).sort(newestFirst);
  return {
    choosable: !remote,
    chosen: remote ? null : (readChosenEditor(deps.db, projectId)?.key ?? null),
    editors: editors.map((manifest) => ({
      key: manifest.key,
      version: manifest.release,
      source: manifest.source,
      fetched_at: manifest.fetched_at,
    })),
  };
}

/** `key` null: the bundled editor. Answers the editor that now labels the project. */
export async function chooseProjectEditor(deps: Deps, projectId: number, key: string | null): Promise<ProjectEditor> {
  requireProject(deps, projectId);
  const remote = findRemoteOfProject(deps.db, projectId);
  if (remote) {
    throw new ValidationError({
      editor: [`This project mirrors ${remote.url} and labels with that server's own editor.`],
    });
  }
  if (key === null) {
    writeChosenEditor(deps.db, projectId, null);
  } else {
    const manifest = await readManifest(deps.dataDir, key);
    if (!manifest || (await checkEditor(deps.dataDir, key)) !== 'ok') {
      throw new ValidationError({ editor: [`No cached editor "${key}" is on this computer.`] });
    }
    writeChosenEditor(deps.db, projectId, manifest);
  }
  return projectEditor(deps, projectId);
}
