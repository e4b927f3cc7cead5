import { useId } from 'react';

/** The project's instructions; the server sanitized this HTML when it was saved. */
export function InstructionsPanel({ html, onClose }: { html: string; onClose: () => void }) {
  const headingId = useId();
  return (
    <aside className="labeling-instructions" aria-labelledby={headingId}>
      <div className="labeling-instructions__header">
        <h2 id={headingId} className="labeling-instructions__title">
          Instructions
        </h2>
        <button type="button" className="button button--small" onClick={onClose} aria-label="Hide instructions">
          Hide
        </button>
      </div>
      <div className="labeling-instructions__body" dangerouslySetInnerHTML={{ __html: html }} />
    </aside>
  );
}
