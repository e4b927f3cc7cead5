import { useTheme } from '../../theme/theme';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { SettingsCard } from './SettingsCard';

/** The same preference as the header switch: both read and write one shared store. */
export function AppearanceCard() {
  const [theme, setTheme] = useTheme();
  return (
    <SettingsCard
      id="appearance"
      title="Appearance"
      intro="System follows your computer's light or dark setting. The choice is kept on this computer."
    >
      <div className="app-settings__theme">
        <span className="field__label" aria-hidden="true">
          Color theme
        </span>
        <ThemeSwitch value={theme} onChange={setTheme} legend="Color theme" />
      </div>
    </SettingsCard>
  );
}
