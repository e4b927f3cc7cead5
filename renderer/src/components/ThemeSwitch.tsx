import type { ThemePreference } from '../theme/theme';

const OPTIONS: { value: ThemePreference; label: string; icon: string }[] = [
  { value: 'light', label: 'Light', icon: '☀' },
  { value: 'dark', label: 'Dark', icon: '☾' },
  { value: 'system', label: 'System', icon: '◐' },
];

/** A segmented radio group: arrow keys move between the options, as for any radio group. */
export function ThemeSwitch({
  value,
  onChange,
}: {
  value: ThemePreference;
  onChange: (value: ThemePreference) => void;
}) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Theme</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className="segmented__option" title={`${option.label} theme`}>
          <input
            type="radio"
            name="theme"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span aria-hidden="true">{option.icon}</span>
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
