import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/queryLoad';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { classRows, detectorKindText, mappingSummary, uploadProgressText } from './detectorText';
import { useDetector } from './useDetector';
import { FormError } from '../../components/FormError';

/**
 * The ONNX object detector or segmenter the built-in model predicts with: choose a file (its bytes
 * are sent, so this works in a browser on the embedded server too), see what the server found in
 * it (kind, input, classes and the label each becomes), replace or remove it.
 */
export function DetectorPanel({ projectId }: { projectId: number }) {
  const headingId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const { setting, isLoading, loadError, upload, remove, progress } = useDetector(projectId);
  const busy = upload.isPending || remove.isPending;

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.mutate(file);
    // The same file chosen again (after fixing it on disk) must fire a change too.
    if (fileInput.current) fileInput.current.value = '';
  };
  const rows = setting ? classRows(setting) : [];

  return (
    <article className="model-card model-detector" aria-labelledby={headingId} data-testid="detector-panel">
      <header className="model-card__header">
        <h3 id={headingId} className="model-card__title">
          Your ONNX detector or segmenter
        </h3>
      </header>
      <p className="muted model-detector__intro">
        A YOLOv5, YOLOv8 or YOLOv11 export (object detection or segmentation). The built-in offline model predicts with
        it; nothing leaves your computer.
      </p>
      <input
        ref={fileInput}
        type="file"
        accept=".onnx"
        hidden
        aria-label="ONNX model file"
        data-testid="detector-file"
        onChange={(event) => choose(event.target.files)}
      />
      {isLoading && <p role="status">Reading the detector…</p>}
      {loadError && <FormError>The detector could not be read: {loadError}</FormError>}
      {setting === null && <p data-testid="detector-none">No model file is set for this project.</p>}
      {setting && (
        <>
          <dl className="model-facts" data-testid="detector-facts">
            <div>
              <dt>File</dt>
              <dd>{setting.file_name}</dd>
            </div>
            <div>
              <dt>Kind</dt>
              <dd data-testid="detector-kind">{detectorKindText(setting)}</dd>
            </div>
            <div>
              <dt>Input</dt>
              <dd>
                {setting.input_width} × {setting.input_height} pixels
              </dd>
            </div>
          </dl>
          <p className="model-detector__intro" data-testid="detector-mapping-summary">
            {mappingSummary(rows)}
          </p>
          <table className="model-detector__classes" data-testid="detector-classes">
            <caption className="visually-hidden">The model’s classes and the labels they are predicted as</caption>
            <thead>
              <tr>
                <th scope="col">Class</th>
                <th scope="col">Predicted as</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name}>
                  <td>{row.name}</td>
                  <td className={row.label === null ? 'muted' : undefined}>
                    {row.label ?? 'Not predicted: no label of this config matches'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {upload.isPending && <p role="status">{uploadProgressText(progress)}</p>}
      {upload.isError && <FormError testId="detector-error">{errorMessage(upload.error)}</FormError>}
      {remove.isError && <FormError>The detector could not be removed: {errorMessage(remove.error)}</FormError>}
      <div className="model-card__actions">
        <button
          type="button"
          className="button button--small"
          disabled={busy || isLoading}
          onClick={() => fileInput.current?.click()}
        >
          {upload.isPending ? 'Setting…' : setting ? 'Replace the file…' : 'Choose an .onnx file…'}
        </button>
        {setting && (
          <button
            type="button"
            className="button button--small button--danger-quiet"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Remove the detector
          </button>
        )}
      </div>
      <ConfirmDialog
        title="Remove the detector?"
        open={confirming}
        confirmLabel="Remove the detector"
        busy={remove.isPending}
        busyLabel="Removing…"
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p>The built-in model stops predicting with {setting?.file_name ?? 'it'}. Predictions it made stay.</p>
      </ConfirmDialog>
    </article>
  );
}
