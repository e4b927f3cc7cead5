import { useId } from 'react';

interface SearchFieldProps {
  /** Read by screen readers; the placeholder shows it to everyone else. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A search box whose label is for screen readers only: the placeholder says the same on screen. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
