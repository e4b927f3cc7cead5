import { useId } from 'react';

/** Label Studio's default project color is white, which reads as "no color". */
export const DEFAULT_PROJECT_COLOR = '#FFFFFF';

const SWATCHES: { value: string; name: string }[] = [
  { value: '#FFFFFF', name: 'None' },
  { value: '#2F6FDE', name: 'Blue' },
  { value: '#0F9D8A', name: 'Teal' },
  { value: '#3C9A3F', name: 'Green' },
  { value: '#E0A100', name: 'Amber' },
  { value: '#E5622C', name: 'Orange' },
  { value: '#D93D5A', name: 'Red' },
  { value: '#8B5CF6', name: 'Violet' },
];

/** Preset swatches as a radio group, plus the native picker for any other `#RRGGBB`. */
export function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const name = useId();
  const upper = value.toUpperCase();
  return (
    <fieldset className="color-picker">
      <legend className="field__label">Color</legend>
      <div className="color-picker__swatches">
        {SWATCHES.map((swatch) => (
          <label key={swatch.value} className="swatch" title={swatch.name}>
            <input
              type="radio"
              name={name}
              value={swatch.value}
              checked={upper === swatch.value}
              onChange={() => onChange(swatch.value)}
            />
            <span className="swatch__chip" style={{ background: swatch.value }} aria-hidden="true" />
            <span className="visually-hidden">{swatch.name}</span>
          </label>
        ))}
        <label className="color-picker__custom">
          <span className="visually-hidden">Custom color</span>
          <input
            type="color"
            value={value.toLowerCase()}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
          />
        </label>
      </div>
    </fieldset>
  );
}
