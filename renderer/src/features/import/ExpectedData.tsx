import { useId } from 'react';
import { fileHint, type ExpectedKey } from './expectedDataKeys';
import { both } from './readableImportMessage';
import { routes } from '../../router';
import '../../styles/importGuide.css';

const quoted = (keys: readonly ExpectedKey[]) => both(keys.map((expected) => expected.key));

/**
 * Before anything is imported: the data keys the labeling config reads, and how JSON, CSV and
 * single files fill them, so a `text` column is not sent to a config that reads `$ner`.
 */
export function ExpectedData({
  projectId,
  keys,
  example,
}: {
  projectId: number;
  keys: ExpectedKey[];
  example: string;
}) {
  const headingId = useId();
  const files = fileHint(keys);
  return (
    <section className="import-card import-expected" aria-labelledby={headingId} data-testid="expected-data">
      <h2 id={headingId} className="import-card__title">
        What each task needs
      </h2>
      {keys.length === 0 ? (
        <p>
          The labeling config reads no task data yet, so anything imports but nothing can be labeled.{' '}
          <a href={routes.projectSettings(projectId)}>Set up the labeling config</a> first.
        </p>
      ) : (
        <>
          <p>
            The labeling config reads {keys.length === 1 ? 'this data key' : `these ${keys.length} data keys`} from each
            task:
          </p>
          <ul className="import-expected__keys" aria-label="Data keys the labeling config reads">
            {keys.map((expected) => (
              <li key={expected.key}>
                <code className="import-expected__key">{expected.key}</code>
                <span className="muted">
                  {' '}
                  for the {expected.tag} tag{expected.optional && ' (not checked on import)'}
                </span>
              </li>
            ))}
          </ul>
          <ul className="import-expected__ways">
            <li>
              JSON: <code>{example}</code>
            </li>
            <li>
              CSV or TSV: {keys.length === 1 ? 'a column' : 'columns'} named {quoted(keys)}
            </li>
            <li>
              {files ??
                (keys.length > 1
                  ? 'A single file per task cannot fill more than one key: use JSON or CSV.'
                  : 'Files of other kinds cannot fill it: use JSON or CSV.')}
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
