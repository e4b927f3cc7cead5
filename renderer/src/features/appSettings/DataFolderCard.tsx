import { useId } from 'react';
import type { AppInfo } from '../../api/appInfo';
import { useToasts } from '../../components/toastContext';
import { CopyButton } from './CopyButton';
import { SettingsCard } from './SettingsCard';
import { FormError } from '../../components/FormError';

export type AppInfoLoad =
  { status: 'loading' } | { status: 'ready'; info: AppInfo } | { status: 'error'; message: string };

/**
 * Where the projects, tasks and media live, and how to use another folder, described only as
 * far as the app really supports it: the desktop app always uses the per-user app-data folder,
 * `outpost serve` and browser-mode `outpost start` take `--data`.
 */
export function DataFolderCard({ load }: { load: AppInfoLoad }) {
  const toasts = useToasts();
  const fieldId = useId();
  const bridge = window.outpost;

  const reveal = async (path: string) => {
    try {
      await bridge?.revealInFolder(path);
    } catch (error) {
      toasts.error(`Could not show the folder: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <SettingsCard
      id="data-folder"
      title="Data folder"
      intro="Projects, tasks, annotations, uploaded media and exports are stored here, on this computer only."
    >
      {load.status === 'loading' && <p role="status">Loading…</p>}
      {load.status === 'error' && <FormError>The data folder could not be read: {load.message}</FormError>}
      {load.status === 'ready' && (
        <>
          <div className="token-row">
            <label htmlFor={fieldId} className="visually-hidden">
              Data folder
            </label>
            <input id={fieldId} className="input input--mono token-row__value" readOnly value={load.info.data_dir} />
            <CopyButton text={load.info.data_dir} what="the data folder path" />
            {bridge && (
              <button
                type="button"
                className="button button--small"
                onClick={() => void reveal(load.info.database_path)}
              >
                Show in folder
              </button>
            )}
          </div>
          <div className="app-settings__howto">
            <h3 className="settings-subtitle">Using another folder</h3>
            {load.info.mode === 'electron' ? (
              <p>
                The desktop app always uses this per-user folder. To work with data somewhere else, quit Outpost and run{' '}
                <code>outpost serve --data &lt;folder&gt;</code>, then open the login link it prints in a browser.
              </p>
            ) : (
              <p>
                This server was started on this folder. To move your data, stop the server, move the whole folder, and
                start it again with <code>outpost serve --data &lt;new folder&gt;</code> (or{' '}
                <code>outpost start --data &lt;new folder&gt;</code> in browser mode). Without <code>--data</code>,
                Outpost uses <code>$OUTPOST_DATA_DIR</code> or the per-user app-data folder, which the desktop app uses
                too.
              </p>
            )}
          </div>
          <p className="field__hint">
            Outpost {load.info.version} · {load.info.mode === 'electron' ? 'desktop app' : 'browser mode'}
          </p>
        </>
      )}
    </SettingsCard>
  );
}
