import { isTabular } from './fileKinds';
import { formatBytes, plural } from './progress';
import type { StagedFile } from './useImportFlow';

interface StagedFilesProps {
  files: StagedFile[];
  onRemove: (key: string) => void;
  onClear: () => void;
  onImport: () => void;
}

/** The files chosen so far, before anything is sent: check them, drop some, then import. */
export function StagedFiles({ files, onRemove, onClear, onImport }: StagedFilesProps) {
  const total = files.reduce((sum, item) => sum + item.file.size, 0);
  const review = files.some((item) => isTabular(item.file.name));
  return (
    <section className="import-card import-files" aria-labelledby="staged-heading">
      <div className="import-card__header">
        <h2 id="staged-heading" className="import-card__title">
          {plural(files.length, 'file')} ready · {formatBytes(total)}
        </h2>
        <button type="button" className="button button--small" onClick={onClear}>
          Clear all
        </button>
      </div>
      <ul className="import-file-list" aria-label="Files to import">
        {files.map((item) => (
          <li key={item.key} className="import-file-list__item">
            <span className="import-file-list__name" title={item.path || item.file.name}>
              {item.path || item.file.name}
            </span>
            <span className="import-file-list__size">{formatBytes(item.file.size)}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${item.path || item.file.name}`}
              onClick={() => onRemove(item.key)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="import-card__footer">
        <p className="muted">
          {review
            ? 'CSV, TSV and TXT files are uploaded first: you choose how to read them before tasks are created.'
            : 'Each file is checked by the server; if one is refused, nothing is imported.'}
        </p>
        <button type="button" className="button button--primary" onClick={onImport}>
          {review ? 'Upload' : 'Import'} {plural(files.length, 'file')}
        </button>
      </div>
    </section>
  );
}
