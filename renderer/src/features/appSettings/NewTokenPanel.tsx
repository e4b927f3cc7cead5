import { useEffect, useId, useRef } from 'react';
import { CopyButton } from './CopyButton';

/** The one time a new PAT is shown in full: copy it now, it is never shown again. */
export function NewTokenPanel({ token, onDone }: { token: string; onDone: () => void }) {
  const headingId = useId();
  const fieldId = useId();
  const ref = useRef<HTMLInputElement>(null);

  // Focus lands on the token, selected, so it can be copied from the keyboard at once.
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, [token]);

  return (
    <section className="new-token" aria-labelledby={headingId}>
      <h4 id={headingId} className="new-token__title">
        New personal access token
      </h4>
      <p className="new-token__warning">Copy it now: you will not see it again.</p>
      <div className="token-row">
        <label htmlFor={fieldId} className="visually-hidden">
          New personal access token
        </label>
        <input ref={ref} id={fieldId} className="input input--mono token-row__value" readOnly value={token} />
        <CopyButton text={token} what="the new token" />
        <button type="button" className="button button--small" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
