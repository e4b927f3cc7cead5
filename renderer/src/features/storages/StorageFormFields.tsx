import { useId } from 'react';
import type { StorageFormField } from '../../api/storages';
import { fieldHint, isFieldActive, type FormProblems, type FormRow, type FormValues } from './storageForm';
import { FieldMessage } from '../settings/FieldMessage';

interface StorageFormFieldsProps {
  rows: FormRow[];
  values: FormValues;
  problems: FormProblems;
  /** Editing a saved storage: its secrets are stored and only sent when typed again. */
  isEditing: boolean;
  onChange: (name: string, value: string | boolean) => void;
  /** The field that holds a folder path: its hint, and the desktop's folder dialog beside it. */
  folderField?: { name: string; hint?: string; onPick?: () => void };
}

interface FieldProps extends Omit<StorageFormFieldsProps, 'rows' | 'problems'> {
  field: StorageFormField;
  error: string | undefined;
  baseId: string;
}

function FormField({ field, values, error, isEditing, onChange, folderField, baseId }: FieldProps) {
  const id = `${baseId}-${field.name}`;
  const messageId = `${id}-message`;
  const label = field.label?.trim() || field.name;
  const value = values[field.name];
  const disabled = !isFieldActive(field, values);
  const secretHint = isEditing ? 'Stored and never shown: leave empty to keep it, or type a new one.' : undefined;
  const isFolder = folderField?.name === field.name;
  const hint = fieldHint(field) ?? (field.type === 'password' ? secretHint : isFolder ? folderField.hint : undefined);
  const common = {
    id,
    className: 'input',
    disabled,
    'aria-invalid': error !== undefined,
    'aria-required': field.required === true || undefined,
    'aria-describedby': messageId,
  };

  if (field.type === 'toggle') {
    return (
      <div className="field storage-form__toggle">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            aria-describedby={messageId}
            onChange={(event) => onChange(field.name, event.target.checked)}
          />
          <span className="storage-form__toggle-label">{label}</span>
        </label>
        <FieldMessage id={messageId} error={error} hint={hint} />
      </div>
    );
  }

  const text = typeof value === 'string' ? value : '';
  let control;
  if (field.type === 'select') {
    control = (
      <select {...common} value={text} onChange={(event) => onChange(field.name, event.target.value)}>
        {text === '' && <option value="">{String(field.placeholder ?? 'Choose…')}</option>}
        {(field.options ?? []).map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const isSecret = field.type === 'password';
    control = (
      <input
        {...common}
        type={isSecret ? 'password' : field.type === 'counter' ? 'number' : 'text'}
        min={field.type === 'counter' ? field.min : undefined}
        inputMode={field.type === 'counter' ? 'numeric' : undefined}
        autoComplete={isSecret ? 'new-password' : 'off'}
        spellCheck={false}
        value={text}
        placeholder={
          isSecret && isEditing ? 'Unchanged' : field.placeholder === undefined ? undefined : String(field.placeholder)
        }
        onChange={(event) => onChange(field.name, event.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {field.required && <span className="storage-form__required"> (required)</span>}
      </label>
      {isFolder && folderField.onPick ? (
        <div className="storage-form__with-button">
          {control}
          <button type="button" className="button" onClick={folderField.onPick}>
            Choose folder…
          </button>
        </div>
      ) : (
        control
      )}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

/** The rows of a storage form as Label Studio lays them out, wrapping to one column when narrow. */
export function StorageFormFields({ rows, problems, ...rest }: StorageFormFieldsProps) {
  const baseId = useId();
  return (
    <div className="storage-form__rows">
      {rows.map((row, index) => (
        <div key={index} className={`storage-form__row storage-form__row--${row.columns}`}>
          {row.fields.map((field, at) =>
            field ? (
              <FormField key={field.name} field={field} error={problems[field.name]} baseId={baseId} {...rest} />
            ) : (
              <div key={`gap-${at}`} className="storage-form__gap" aria-hidden="true" />
            ),
          )}
        </div>
      ))}
    </div>
  );
}
