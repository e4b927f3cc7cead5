import { AccessTokensCard } from '../features/appSettings/AccessTokensCard';
import { AppearanceCard } from '../features/appSettings/AppearanceCard';
import { DataFolderCard, type AppInfoLoad } from '../features/appSettings/DataFolderCard';
import { LegacyTokenCard } from '../features/appSettings/LegacyTokenCard';
import { SettingsCard } from '../features/appSettings/SettingsCard';
import { useAppInfo } from '../features/appSettings/useAppInfo';
import { ShortcutsCard } from '../features/appSettings/ShortcutsCard';
import '../styles/appSettings.css';

const SECTIONS = [
  { id: 'api-tokens', label: 'API tokens' },
  { id: 'data-folder', label: 'Data folder' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'shortcuts', label: 'Labeling shortcuts' },
];

/** The app's own settings: API tokens, where the data lives, theme and labeling shortcuts. */
export function AppSettingsPage() {
  const info = useAppInfo();
  const appInfo: AppInfoLoad = info.isPending
    ? { status: 'loading' }
    : info.isError
      ? { status: 'error', message: String(info.error) }
      : { status: 'ready', info: info.data };
  // The UI's client signs in with the legacy token only inside the desktop app (see connection.ts).
  const isDesktopApp = window.outpost !== undefined;

  return (
    <section className="page app-settings" aria-labelledby="app-settings-heading">
      <div className="page__header">
        <h1 id="app-settings-heading" className="page__title">
          Settings
        </h1>
      </div>
      <div className="app-settings__layout">
        <nav className="app-settings__toc" aria-label="Settings sections">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                {/* Buttons, not #anchors: the hash is the app's router. */}
                <button
                  type="button"
                  className="app-settings__toc-link"
                  onClick={() => document.getElementById(section.id)?.scrollIntoView({ block: 'start' })}
                >
                  {section.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="app-settings__sections">
          <SettingsCard
            id="api-tokens"
            title="API tokens"
            intro="Scripts, the Label Studio SDK and other tools use these to call Outpost's API as you. Treat them like passwords."
          >
            <LegacyTokenCard isDesktopApp={isDesktopApp} />
            <AccessTokensCard />
          </SettingsCard>
          <DataFolderCard load={appInfo} />
          <AppearanceCard />
          <ShortcutsCard />
        </div>
      </div>
    </section>
  );
}
