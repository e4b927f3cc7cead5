import { useId } from 'react';
import { ColorPicker } from '../ColorPicker';
import { FieldMessage } from './FieldMessage';
import type { SectionProps } from './sectionProps';

export function GeneralSection({ settings, errors, onChange }: SectionProps) {
  const headingId = useId();
  const titleId = useId();
  const titleMessageId = useId();
  const descriptionId = useId();
  const descriptionMessageId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        General
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={titleId}>
          Title
        </label>
        <input
          id={titleId}
          className="input"
          value={settings.title}
          maxLength={50}
          required
          aria-invalid={errors.title !== undefined}
          aria-describedby={titleMessageId}
          onChange={(event) => onChange({ title: event.target.value })}
        />
        <FieldMessage id={titleMessageId} error={errors.title} hint="3 to 50 characters." />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={descriptionId}>
          Description
        </label>
        <textarea
          id={descriptionId}
          className="input"
          rows={3}
          value={settings.description}
          aria-invalid={errors.description !== undefined}
          aria-describedby={descriptionMessageId}
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <FieldMessage id={descriptionMessageId} error={errors.description} />
      </div>
      <ColorPicker value={settings.color} onChange={(color) => onChange({ color })} />
      {errors.color && <p className="field__error">{errors.color}</p>}
    </section>
  );
}
