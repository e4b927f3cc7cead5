import { useId } from 'react';
import { isTitleTooLong, TITLE_MAX_LENGTH, titleProblem } from './projectTitle';
import { ColorPicker } from '../../components/ColorPicker';
import { FieldMessage } from '../settings/FieldMessage';

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
  // No maxLength: a pasted title that is too long stays whole and says by how much, instead of being cut.
  const titleError =
    errors.title ?? (isTitleTooLong(values.title) ? (titleProblem(values.title) ?? undefined) : undefined);
  const length = values.title.trim().length;
  return (
    <>
      <div className="field">
        <div className="field__label-row">
          <label className="field__label" htmlFor={titleId}>
            Title
          </label>
          <span
            className={length > TITLE_MAX_LENGTH ? 'field__counter field__counter--over' : 'field__counter'}
            data-testid="title-counter"
            aria-hidden="true"
          >
            {length}/{TITLE_MAX_LENGTH}
          </span>
        </div>
        <input
          id={titleId}
          className="input"
          value={values.title}
          autoFocus={autoFocusTitle}
          required
          aria-invalid={titleError !== undefined}
          aria-describedby={titleMessageId}
          onChange={(event) => onChange({ title: event.target.value })}
          onBlur={onTitleBlur}
        />
        <FieldMessage id={titleMessageId} error={titleError} hint={`3 to ${TITLE_MAX_LENGTH} characters.`} />
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
