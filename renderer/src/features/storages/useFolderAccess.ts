import { useCallback } from 'react';
import { useAppInfo } from '../appSettings/useAppInfo';

/** What the page can do about local folders, and the rule it must tell about them. */
export interface FolderAccess {
  /** The desktop app: the OS folder dialog is there (Electron's preload). */
  canPick: boolean;
  /** `outpost serve`: folders must sit inside the server's document root (unknown until asked). */
  isHeadless: boolean;
  /** Opens the folder dialog; null when cancelled or when there is none. */
  pick: (title: string, buttonLabel?: string) => Promise<string | null>;
}

/** The server's rule for folders headless, in the words of its settings. */
export const HEADLESS_FOLDER_HINT =
  'Outpost runs as a server here: the folder must be inside its LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT, ' +
  'with LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED=true.';

/**
 * Local folders in the desktop app come from the OS dialog and may be anywhere; in a browser the
 * path is typed, and headless the server keeps to its document root.
 */
export function useFolderAccess(enabled = true): FolderAccess {
  // Without the answer the hint is left out; the server's refusal still says why.
  const isHeadless = useAppInfo(enabled).data?.mode === 'serve';
  const bridge = window.outpost;
  const canPick = typeof bridge?.pickFolder === 'function';

  const pick = useCallback(
    async (title: string, buttonLabel?: string) => (bridge ? bridge.pickFolder({ title, buttonLabel }) : null),
    [bridge],
  );

  return { canPick, isHeadless, pick };
}
