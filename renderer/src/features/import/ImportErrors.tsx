import { useEffect, useRef } from 'react';
import type { ImportErrorReport } from './describeImportError';

/** Why the server refused the import, item by item as Label Studio reported it. */
export function ImportErrors({ report, onDismiss }: { report: ImportErrorReport; onDismiss: () => void }) {
  const section = useRef<HTMLElement>(null);
  // The import was started further down the page (the paste box, the file list): without this
  // the refusal appears above the fold and the page looks as if nothing happened.
  useEffect(() => {
    const element = section.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start', behavior: 'auto' });
  }, [report]);
  return (
    <section
      ref={section}
      tabIndex={-1}
      className="import-errors"
      role="alert"
      aria-labelledby="import-errors-heading"
      data-testid="import-errors"
    >
      <div className="import-errors__header">
        <h2 id="import-errors-heading" className="import-errors__title">
          {report.headline}
        </h2>
        <button type="button" className="button button--small" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {report.hint && <p className="import-errors__hint">{report.hint}</p>}
      {report.problems.length > 0 && (
        <ul className="import-errors__list">
          {report.problems.map((problem, index) => (
            <li key={index} className="import-errors__item">
              {problem.label && <strong className="import-errors__label">{problem.label}</strong>}
              <span>{problem.message}</span>
              {problem.item && <code className="import-errors__data">{problem.item}</code>}
            </li>
          ))}
        </ul>
      )}
      {report.mayBeTruncated && (
        <p className="muted">The server lists the first 100 items only; later items may have problems too.</p>
      )}
    </section>
  );
}
