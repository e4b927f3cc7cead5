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

export interface SaveFileRequest {
  title?: string;
  defaultPath?: string;
  filters?: FileFilter[];
}

export interface OutpostBridge {
  getServerInfo(): Promise<ServerInfo>;
  /** Paths the user picked; empty when cancelled. */
  showOpenDialog(request: OpenFileRequest): Promise<string[]>;
  /** The chosen path, or null when cancelled. */
  showSaveDialog(request: SaveFileRequest): Promise<string | null>;
  revealInFolder(path: string): Promise<void>;
  getAppVersion(): Promise<string>;
}

export const IPC_CHANNEL_PREFIX = 'outpost:';

export const IPC_CHANNELS = {
  getServerInfo: 'outpost:get-server-info',
  showOpenDialog: 'outpost:show-open-dialog',
  showSaveDialog: 'outpost:show-save-dialog',
  revealInFolder: 'outpost:reveal-in-folder',
  getAppVersion: 'outpost:get-app-version',
} as const satisfies Record<keyof OutpostBridge, `${typeof IPC_CHANNEL_PREFIX}${string}`>;
