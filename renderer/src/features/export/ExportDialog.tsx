import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/apiContext';
import { listExportFormats } from '../../api/exportApi';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { bundlesMedia, downloadProgressText, firstEnabledFormat, offersMediaOption } from './exportOptions';
import '../../styles/export.css';
import { Dialog } from '../../components/Dialog';
import { FormatList } from './FormatList';
import { useExportDownload } from './useExportDownload';
import { FormError } from '../../components/FormError';

interface ExportDialogProps {
  projectId: number;
  projectTitle: string;
  open: boolean;
  onClose: () => void;
}

/** Export a project in one of Label Studio's formats: the server's list, options, download. */
export function ExportDialog({ projectId, projectTitle, open, onClose }: ExportDialogProps) {
  const client = useApi();
  // Asked again at each opening: which formats are offered depends on the project's config.
  const formats = useQuery({
    queryKey: queryKeys.exportFormats(projectId),
    queryFn: ({ signal }) => listExportFormats(client, projectId, signal),
    enabled: open,
  });
  const [chosen, setFormat] = useState<string | null>(null);
  const [allTasks, setAllTasks] = useState(false);
  const [includeMedia, setIncludeMedia] = useState(true);
  const download = useExportDownload(projectId, onClose);
  const { state } = download;
  const list = formats.data;
  // The choice stands while the list offers it; otherwise the first format that can be used.
  const format =
    list && !list.some((item) => item.name === chosen && !item.disabled) ? firstEnabledFormat(list) : chosen;

  const busy = state.kind === 'downloading' || state.kind === 'saving';
  const close = () => {
    download.cancel();
    download.reset();
    onClose();
  };
  const submit = () => {
    if (format && !busy) void download.start({ format, allTasks, includeMedia });
  };

  const title = projectTitle ? `Export “${projectTitle}”` : 'Export the project';
  return (
    <Dialog
      title={title}
      open={open}
      onClose={close}
      onSubmit={submit}
      className="export-dialog"
      actions={
        <>
          {busy ? (
            <button type="button" className="button" onClick={download.cancel} disabled={!download.canCancel}>
              Cancel download
            </button>
          ) : (
            <button type="button" className="button" onClick={close}>
              Close
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={!format || busy}>
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </>
      }
    >
      {formats.isPending && <p role="status">Loading the formats…</p>}
      {formats.isError && <FormError>The formats could not be loaded: {errorMessage(formats.error)}</FormError>}
      {list && (
        <>
          <div className="export-dialog__formats">
            <FormatList formats={list} value={format} disabled={busy} onChange={setFormat} />
          </div>
          <fieldset className="export-dialog__options" disabled={busy}>
            <legend className="field__label">Options</legend>
            <label className="export-choice">
              <input type="checkbox" checked={allTasks} onChange={(event) => setAllTasks(event.target.checked)} />
              <span>
                Include tasks without annotations
                <span className="export-choice__hint">
                  Otherwise only tasks with at least one annotation are exported.
                </span>
              </span>
            </label>
            {format && offersMediaOption(format) && (
              <label className="export-choice">
                <input
                  type="checkbox"
                  checked={includeMedia}
                  onChange={(event) => setIncludeMedia(event.target.checked)}
                />
                <span>
                  Include the media files
                  <span className="export-choice__hint">Copies the images or audio into the export.</span>
                </span>
              </label>
            )}
            {format && bundlesMedia(format) && (
              <p className="export-choice__hint">This format always includes the images.</p>
            )}
          </fieldset>
        </>
      )}
      {state.kind === 'downloading' && (
        <div className="export-dialog__progress">
          <progress
            className="export-progress-bar"
            aria-label="Export progress"
            max={state.progress.total ?? undefined}
            value={state.progress.total ? state.progress.received : undefined}
          />
          <p className="muted" role="status">
            {downloadProgressText(state.progress.received, state.progress.total)}
          </p>
        </div>
      )}
      {state.kind === 'saving' && (
        <p className="muted" role="status">
          Saving the export…
        </p>
      )}
      {state.kind === 'error' && <FormError>{state.message}</FormError>}
    </Dialog>
  );
}
