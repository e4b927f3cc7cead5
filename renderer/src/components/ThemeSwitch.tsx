import { useId } from 'react';
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
  legend = 'Theme',
}: {
  value: ThemePreference;
  onChange: (value: ThemePreference) => void;
  /** The group's accessible name, so two switches on one page can be told apart. */
  legend?: string;
}) {
  // A group name per switch: two switches on one page must not share one radio group.
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{legend}</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className="segmented__option" title={`${option.label} theme`}>
          <input
            type="radio"
            name={name}
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
