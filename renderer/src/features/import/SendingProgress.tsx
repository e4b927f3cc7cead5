import { uploadProgressText, type UploadProgress } from './progress';

interface SendingProgressProps {
  what: string;
  progress: UploadProgress | null;
  processing: boolean;
  onCancel: () => void;
}

/** The upload under way: files and bytes sent, then the server's turn; cancelling drops it all. */
export function SendingProgress({ what, progress, processing, onCancel }: SendingProgressProps) {
  const label = processing
    ? 'Creating tasks on the server…'
    : progress
      ? uploadProgressText(progress)
      : `Sending ${what}…`;
  const percent = progress ? Math.round(progress.fraction * 100) : undefined;
  return (
    <section className="import-card import-progress" aria-labelledby="progress-heading">
      <h2 id="progress-heading" className="import-card__title">
        Importing {what}
      </h2>
      <div className="import-progress__row">
        <progress
          className="import-progress-bar"
          aria-label="Import progress"
          max={100}
          value={processing ? undefined : percent}
        />
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="muted" role="status">
        {label}
      </p>
    </section>
  );
}
