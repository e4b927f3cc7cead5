import { useId } from 'react';
import { ColorPicker } from './ColorPicker';
import { FieldMessage } from './settings/FieldMessage';

export interface ProjectBasics {
  title: string;
  description: string;
  color: string;
}

interface ProjectBasicsFieldsProps {
  values: ProjectBasics;
  errors: Partial<Record<keyof ProjectBasics, string>>;
  onChange: (change: Partial<ProjectBasics>) => void;
  /** The create dialog focuses the title and checks it once the user leaves the field. */
  autoFocusTitle?: boolean;
  onTitleBlur?: () => void;
}

/** Title, description and color: the same fields in the create dialog and the settings page. */
export function ProjectBasicsFields({
  values,
  errors,
  onChange,
  autoFocusTitle,
  onTitleBlur,
}: ProjectBasicsFieldsProps) {
  const titleId = useId();
  const titleMessageId = useId();
  const descriptionId = useId();
  const descriptionMessageId = useId();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={titleId}>
          Title
        </label>
        <input
          id={titleId}
          className="input"
          value={values.title}
          maxLength={50}
          autoFocus={autoFocusTitle}
          required
          aria-invalid={errors.title !== undefined}
          aria-describedby={titleMessageId}
          onChange={(event) => onChange({ title: event.target.value })}
          onBlur={onTitleBlur}
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
          value={values.description}
          aria-invalid={errors.description !== undefined}
          aria-describedby={descriptionMessageId}
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <FieldMessage id={descriptionMessageId} error={errors.description} />
      </div>
      <ColorPicker value={values.color} onChange={(color) => onChange({ color })} />
      {errors.color && <p className="field__error">{errors.color}</p>}
    </>
  );
}
