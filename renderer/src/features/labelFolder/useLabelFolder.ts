import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { allowLocalFolder } from '../../api/localFolders';
import { createProject, deleteProject } from '../../api/projects';
import { createStorage, listStorageFiles, refOf, type Storage } from '../../api/storages';
import type { LabelTemplate } from '../../api/templates';
import { routes } from '../../router';
import {
  baseName,
  folderImportPlan,
  kindFilter,
  projectTitleFor,
  summarizeFolder,
  type FolderSummary,
} from '../storages/folderContents';
import { runStorageSync } from '../storages/runSync';
import { plural } from '../storages/storageText';
import { useToasts } from '../../components/toastContext';

export type FolderStep =
  | { step: 'folder' }
  | { step: 'looking' }
  | { step: 'template'; summary: FolderSummary }
  | { step: 'importing'; found: number };

/** How many file names are read to tell what the folder holds. */
const LOOK_LIMIT = 1000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Label a folder", step by step:
 * 1. the folder is allowed (the user named it in the app), then a project named after it is made,
 *    so the server can look into the folder (its storage calls belong to a project); a refusal
 *    (a folder that is not there, the home folder, a hidden one) removes that project again and
 *    shows under the path;
 * 2. the user confirms or picks a template, suggested from what the folder holds;
 * 3. the project gets the template, a local-files source storage with blob URLs (only files of
 *    the kind the template labels), a first sync with progress, and opens on its tasks.
 * Cancelling before the end removes the project.
 */
export function useLabelFolder(onClose: () => void) {
  const client = useApi();
  const toasts = useToasts();
  const [step, setStep] = useState<FolderStep>({ step: 'folder' });
  const [error, setError] = useState<string | null>(null);
  const draft = useRef<{ project: number; path: string } | null>(null);

  // Leaving the page mid-way (another route) must not leave the project made only to look behind.
  useEffect(
    () => () => {
      const made = draft.current;
      draft.current = null;
      if (made) void deleteProject(client, made.project).catch(() => undefined);
    },
    [client],
  );

  const reset = () => {
    setStep({ step: 'folder' });
    setError(null);
  };

  const discardDraft = async () => {
    const made = draft.current;
    draft.current = null;
    // The project was only made to look into the folder: it has nothing in it yet.
    if (made) await deleteProject(client, made.project).catch(() => undefined);
  };

  const look = async (rawPath: string) => {
    const path = rawPath.trim();
    if (!path) {
      setError('Enter the folder’s absolute path, or choose it.');
      return;
    }
    setError(null);
    setStep({ step: 'looking' });
    await discardDraft();
    try {
      // Naming the folder here is choosing it: the server then lets storages use it.
      await allowLocalFolder(client, path);
      const project = await createProject(client, { title: projectTitleFor(path) });
      draft.current = { project: project.id, path };
      const files = await listStorageFiles(
        client,
        'localfiles',
        { project: project.id, path, use_blob_urls: true },
        LOOK_LIMIT,
      );
      setStep({ step: 'template', summary: summarizeFolder(files) });
    } catch (failure) {
      await discardDraft();
      setError(messageOf(failure));
      setStep({ step: 'folder' });
    }
  };

  const finish = async (template: LabelTemplate | null, summary: FolderSummary) => {
    const made = draft.current;
    if (!made) return;
    setError(null);
    setStep({ step: 'importing', found: 0 });
    let storage: Storage;
    try {
      const plan = template
        ? folderImportPlan(template.config, summary)
        : { config: null, regexFilter: summary.kind ? kindFilter(summary.kind) : null };
      if (plan.config) await client.patch(`/api/projects/${made.project}/`, { label_config: plan.config });
      storage = await createStorage(client, 'import', 'localfiles', {
        project: made.project,
        title: baseName(made.path) || made.path,
        path: made.path,
        use_blob_urls: true,
        ...(plan.regexFilter ? { regex_filter: plan.regexFilter } : {}),
      });
    } catch (failure) {
      setError(messageOf(failure));
      setStep({ step: 'template', summary });
      return;
    }
    // From here the project is the user's: closing the dialog no longer removes it.
    draft.current = null;
    const result = await runStorageSync(client, refOf(storage, 'import'), {
      onProgress: (current) => setStep({ step: 'importing', found: current.last_sync_count ?? 0 }),
    }).catch((failure: unknown) => ({ ...storage, status: 'failed' as const, traceback: messageOf(failure) }));
    if (result.status === 'failed') {
      toasts.error(`The project was made, but its first sync failed: ${result.traceback ?? 'no reason given.'}`);
    } else {
      toasts.success(`Labeling ${made.path}: ${plural(result.last_sync_count ?? 0, 'task')} imported.`);
    }
    reset();
    onClose();
    window.location.hash = routes.projectData(made.project);
  };

  return {
    step,
    error,
    look: (path: string) => void look(path),
    finish: (template: LabelTemplate | null, summary: FolderSummary) => void finish(template, summary),
    /** Back to the folder: the project made for the look goes. */
    back: () => {
      void discardDraft();
      reset();
    },
    cancel: () => {
      void discardDraft();
      reset();
      onClose();
    },
  };
}
