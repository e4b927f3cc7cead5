import { useEffect, useId, useRef, useState } from 'react';

interface OtherSourcesProps {
  disabled: boolean;
  onJson: (text: string) => void;
  onUrl: (url: string) => void;
  /** Why the last URL could not be imported from, shown under the field. */
  urlError: string | null;
  onUrlEdited: () => void;
  /** An example of what to paste, in the shape the labeling config reads. */
  jsonPlaceholder: string;
}

/** Tasks typed or pasted as JSON, and a file the server downloads from a URL. */
export function OtherSources({ disabled, onJson, onUrl, urlError, onUrlEdited, jsonPlaceholder }: OtherSourcesProps) {
  const [json, setJson] = useState('');
  const [url, setUrl] = useState('');
  const jsonId = useId();
  const urlId = useId();
  const urlInput = useRef<HTMLInputElement>(null);
  // A refused address puts the cursor back in its field, where the reason is read with it.
  useEffect(() => {
    if (urlError) urlInput.current?.focus();
  }, [urlError]);
  return (
    <div className="import-sources">
      <section className="import-card" aria-labelledby={`${jsonId}-heading`}>
        <h2 id={`${jsonId}-heading`} className="import-card__title">
          Paste JSON
        </h2>
        <form
          className="import-sources__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (json.trim()) onJson(json);
          }}
        >
          <label className="field">
            <span className="field__label">Tasks as JSON</span>
            <textarea
              className="input import-json"
              rows={6}
              value={json}
              placeholder={jsonPlaceholder}
              spellCheck={false}
              onChange={(event) => setJson(event.target.value)}
            />
            <span className="field__hint">One task object, or a list of them, as Label Studio imports.</span>
          </label>
          <button type="submit" className="button" disabled={disabled || !json.trim()}>
            Import JSON
          </button>
        </form>
      </section>
      <section className="import-card" aria-labelledby={`${urlId}-heading`}>
        <h2 id={`${urlId}-heading`} className="import-card__title">
          From a URL
        </h2>
        <form
          className="import-sources__form"
          // The server says what is wrong with an address, under the field, in the app's words.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (url.trim()) onUrl(url.trim());
          }}
        >
          <label className="field">
            <span className="field__label">File URL</span>
            <input
              ref={urlInput}
              className="input"
              type="url"
              value={url}
              placeholder="https://example.com/tasks.json"
              aria-invalid={urlError !== null}
              aria-describedby={`${urlId}-message`}
              onChange={(event) => {
                setUrl(event.target.value);
                if (urlError) onUrlEdited();
              }}
            />
            {urlError ? (
              <span id={`${urlId}-message`} className="field__error">
                {urlError}
              </span>
            ) : (
              <span id={`${urlId}-message`} className="field__hint">
                The local server downloads the file; it must be reachable from here.
              </span>
            )}
          </label>
          <button type="submit" className="button" disabled={disabled || !url.trim()}>
            Import from URL
          </button>
        </form>
      </section>
    </div>
  );
}
