import { useEffect, useRef } from 'react';
import { DISABLED_REASON, type ExportFormat } from './exportOptions';

interface FormatListProps {
  formats: ExportFormat[];
  value: string | null;
  disabled: boolean;
  onChange: (name: string) => void;
}

/** The formats as one radio group: unavailable ones stay visible, greyed, with the reason. */
export function FormatList({ formats, value, disabled, onChange }: FormatListProps) {
  const list = useRef<HTMLFieldSetElement>(null);

  // The list arrives after the dialog opened: put focus on the chosen format, where arrows work.
  useEffect(() => {
    list.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [formats.length]);

  return (
    <fieldset ref={list} className="format-list" disabled={disabled}>
      <legend className="field__label">Format</legend>
      {formats.map((format) => {
        const reasonId = `format-${format.name}-note`;
        return (
          <label key={format.name} className={`format-option${format.disabled ? ' format-option--disabled' : ''}`}>
            <input
              type="radio"
              name="export-format"
              value={format.name}
              checked={value === format.name}
              disabled={format.disabled}
              aria-describedby={reasonId}
              onChange={() => onChange(format.name)}
            />
            <span className="format-option__text">
              <span className="format-option__title">
                {format.title}
                {format.tags?.map((tag) => (
                  <span key={tag} className="format-option__tag">
                    {tag}
                  </span>
                ))}
              </span>
              <span id={reasonId} className="format-option__description">
                {format.disabled ? `${DISABLED_REASON}. ` : ''}
                {format.description}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
