/**
 * The IPC contract between the renderer and the Electron shell: the only things the renderer
 * cannot do over HTTP. The preload exposes exactly these methods as `window.outpost`.
 */
export interface ServerInfo {
  url: string;
  token: string;
}

export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface OpenFileRequest {
  title?: string;
  filters?: FileFilter[];
  multiple?: boolean;
  directories?: boolean;
}

/** A folder to label or to keep as a storage (Electron only). */
export interface PickFolderRequest {
  title?: string;
  /** The button that confirms the choice, e.g. "Label this folder". */
  buttonLabel?: string;
}

export interface SaveFileRequest {
  title?: string;
  defaultPath?: string;
  filters?: FileFilter[];
}

/**
 * Stream an export of the local server to the file the user chose in the last save dialog
 * (Electron only): the main process remembers that answer, so the page cannot name a path.
 */
export interface SaveExportRequest {
  /** `/api/projects/<id>/export?…`: only the easy export of the local server. */
  path: string;
}

export interface SaveExportResult {
  /** Bytes written to the destination. */
  bytes: number;
}

export interface OutpostBridge {
  getServerInfo(): Promise<ServerInfo>;
  /** Paths the user picked; empty when cancelled. */
  showOpenDialog(request: OpenFileRequest): Promise<string[]>;
  /** The chosen path, or null when cancelled. */
  showSaveDialog(request: SaveFileRequest): Promise<string | null>;
  /** The absolute path of the folder the user chose, or null when cancelled. */
  pickFolder(request: PickFolderRequest): Promise<string | null>;
  revealInFolder(path: string): Promise<void>;
  /** Streams the export to the path chosen in the last save dialog, with the app's token; rejects with a readable message. */
  saveExport(request: SaveExportRequest): Promise<SaveExportResult>;
  getAppVersion(): Promise<string>;
}

export const IPC_CHANNEL_PREFIX = 'outpost:';

export const IPC_CHANNELS = {
  getServerInfo: 'outpost:get-server-info',
  showOpenDialog: 'outpost:show-open-dialog',
  showSaveDialog: 'outpost:show-save-dialog',
  pickFolder: 'outpost:pick-folder',
  revealInFolder: 'outpost:reveal-in-folder',
  getAppVersion: 'outpost:get-app-version',
  saveExport: 'outpost:save-export',
} as const satisfies Record<keyof OutpostBridge, `${typeof IPC_CHANNEL_PREFIX}${string}`>;
