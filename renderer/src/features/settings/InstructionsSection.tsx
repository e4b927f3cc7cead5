import { useId } from 'react';
import { FieldMessage } from './FieldMessage';
import type { SectionProps } from './sectionProps';

export function InstructionsSection({ settings, errors, onChange }: SectionProps) {
  const headingId = useId();
  const textId = useId();
  const messageId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        Instructions
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          Instructions for annotators
        </label>
        <textarea
          id={textId}
          className="input input--mono"
          rows={5}
          value={settings.expert_instruction}
          aria-invalid={errors.expert_instruction !== undefined}
          aria-describedby={messageId}
          onChange={(event) => onChange({ expert_instruction: event.target.value })}
        />
        <FieldMessage
          id={messageId}
          error={errors.expert_instruction}
          hint="HTML is allowed; the server removes anything unsafe."
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.show_instruction}
          onChange={(event) => onChange({ show_instruction: event.target.checked })}
        />
        Show the instructions before labeling
      </label>
    </section>
  );
}
