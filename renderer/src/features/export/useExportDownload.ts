import { useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { downloadExport, exportFileName, type DownloadProgress } from '../../api/exportApi';
import { isAbortError } from '../../api/upload';
import { bridgeErrorMessage, exportPath, type ExportChoice } from './exportOptions';
import { useToasts } from '../../components/toastContext';
import { formatCount } from '../../../../shared/text/counts';
import { saveBlob } from '../../components/saveBlob';

export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'downloading'; progress: DownloadProgress }
  | { kind: 'saving' }
  | { kind: 'error'; message: string };

/**
 * One export at a time. In a browser the page streams it (progress, cancel) and saves a Blob; in
 * Electron the user picks a path in the native dialog and the main process streams it to disk.
 */
export function useExportDownload(projectId: number, onSaved: () => void) {
  const client = useApi();
  const toasts = useToasts();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function inBrowser(choice: ExportChoice) {
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'downloading', progress: { received: 0, total: null } });
    try {
      const { blob, fileName } = await downloadExport(client, projectId, choice, {
        signal: abort.signal,
        onProgress: (progress) => setState({ kind: 'downloading', progress }),
      });
      saveBlob(blob, fileName);
      setState({ kind: 'idle' });
      toasts.success(`Exported ${fileName}.`);
      onSaved();
    } catch (error) {
      if (isAbortError(error)) setState({ kind: 'idle' });
      else setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      controller.current = null;
    }
  }

  async function inElectron(choice: ExportChoice, bridge: NonNullable<Window['outpost']>) {
    setState({ kind: 'saving' });
    try {
      const defaultPath = await exportFileName(client, projectId, choice);
      const destination = await bridge.showSaveDialog({ title: 'Save the export', defaultPath });
      if (!destination) {
        setState({ kind: 'idle' });
        return;
      }
      const { bytes } = await bridge.saveExport({ path: exportPath(projectId, choice) });
      setState({ kind: 'idle' });
      toasts.success(`Saved the export (${formatCount(bytes)} bytes) to ${destination}.`);
      onSaved();
    } catch (error) {
      setState({ kind: 'error', message: bridgeErrorMessage(error) });
    }
  }

  const start = (choice: ExportChoice) => {
    const bridge = window.outpost;
    return bridge ? inElectron(choice, bridge) : inBrowser(choice);
  };

  const cancel = () => controller.current?.abort();
  const reset = () => setState({ kind: 'idle' });
  return { state, start, cancel, reset, canCancel: state.kind === 'downloading' };
}
