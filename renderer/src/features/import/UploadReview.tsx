import type { FileUpload, ImportResult } from '../../api/importApi';
import { missingColumns, type ExpectedKey } from './expectedDataKeys';
import { isTabular, uploadedFileName } from './fileKinds';
import { formatBytes, plural } from './progress';
import { both } from './readableImportMessage';
import '../../styles/importGuide.css';

interface UploadReviewProps {
  uploads: FileUpload[];
  found: ImportResult;
  /** The data keys the labeling config reads (null: not known). */
  expected: ExpectedKey[] | null;
  asTasksList: boolean;
  busy: boolean;
  onAsTasksListChange: (value: boolean) => void;
  onRemove: (id: number) => void;
  onDiscard: () => void;
  onCommit: () => void;
}

/**
 * Step two of a CSV/TSV/TXT import: the files are on the server but no task exists yet. The user
 * picks how to read them (Label Studio's "Treat CSV/TSV as"), drops files, then commits.
 */
export function UploadReview(props: UploadReviewProps) {
  const { uploads, found, asTasksList, busy } = props;
  const tabular = uploads.some((upload) => isTabular(upload.file));
  const columns = found.data_columns.length > 0 ? found.data_columns.join(', ') : null;
  // Read as a list, each row must carry every key the config reads: say so before the commit fails.
  const missing = tabular && asTasksList && props.expected ? missingColumns(props.expected, found.data_columns) : [];
  const quote = (keys: readonly string[]) => both(keys.map((key) => `"${key}"`));
  return (
    <section className="import-card import-review" aria-labelledby="review-heading">
      <div className="import-card__header">
        <h2 id="review-heading" className="import-card__title">
          Uploaded {plural(uploads.length, 'file')}: check before importing
        </h2>
      </div>
      <p className="muted">
        Read as a list, they hold {plural(found.task_count, 'task')}
        {columns ? ` with the columns ${columns}` : ''}.
      </p>
      {missing.length > 0 && (
        <div className="import-warning" role="note" data-testid="missing-columns">
          <strong>
            {missing.length === 1 ? 'A column is missing' : 'Columns are missing'}: the labeling config reads{' '}
            {quote(missing)}, which {missing.length === 1 ? 'is' : 'are'} not among these files’ columns (
            {quote(found.data_columns)}).
          </strong>
          <span>
            Importing them as a list of tasks would fail. Rename the {missing.length === 1 ? 'column' : 'columns'} in
            the files and upload them again, or change the labeling config in the project settings.
          </span>
        </div>
      )}
      {tabular && (
        <fieldset className="import-choice-group">
          <legend className="field__label">Treat CSV/TSV as</legend>
          <label className="import-choice">
            <input
              type="radio"
              name="treat-csv"
              checked={asTasksList}
              disabled={busy}
              onChange={() => props.onAsTasksListChange(true)}
            />
            <span>
              List of tasks
              <span className="import-choice__hint">Each row (or line of a TXT file) becomes one task.</span>
            </span>
          </label>
          <label className="import-choice">
            <input
              type="radio"
              name="treat-csv"
              checked={!asTasksList}
              disabled={busy}
              onChange={() => props.onAsTasksListChange(false)}
            />
            <span>
              Time Series or Whole Text File
              <span className="import-choice__hint">Each file becomes one task that points to the whole file.</span>
            </span>
          </label>
        </fieldset>
      )}
      <ul className="import-file-list" aria-label="Uploaded files">
        {uploads.map((upload) => (
          <li key={upload.id} className="import-file-list__item">
            <span className="import-file-list__name">{uploadedFileName(upload.file)}</span>
            <span className="import-file-list__size">{formatBytes(upload.size)}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${uploadedFileName(upload.file)} from the import`}
              disabled={busy}
              onClick={() => props.onRemove(upload.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="import-card__footer">
        <button type="button" className="button" disabled={busy} onClick={props.onDiscard}>
          Discard uploads
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={props.onCommit}>
          {busy ? 'Importing…' : 'Import tasks'}
        </button>
      </div>
    </section>
  );
}
