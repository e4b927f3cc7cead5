import { dateInputValue, datetimeFilterValue, valueKindFor, type FilterItem } from './filters';

interface FilterValueInputProps {
  item: FilterItem;
  line: number;
  onChange: (value: unknown) => void;
}

/** The value of one filter line, as the input its column type and operator need. */
export function FilterValueInput({ item, line, onChange }: FilterValueInputProps) {
  const label = `Value of filter ${line}`;
  switch (valueKindFor(item.type, item.operator)) {
    case 'emptiness':
    case 'boolean':
      return (
        <select
          className="input"
          aria-label={label}
          value={String(item.value === true || item.value === 'true')}
          onChange={(event) => onChange(event.target.value === 'true')}
        >
          <option value="true">{item.operator === 'empty' ? 'yes' : 'true'}</option>
          <option value="false">{item.operator === 'empty' ? 'no' : 'false'}</option>
        </select>
      );
    case 'number':
      return (
        <input
          className="input"
          type="number"
          aria-label={label}
          value={typeof item.value === 'number' && Number.isFinite(item.value) ? item.value : ''}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
        />
      );
    case 'date':
      return (
        <input
          className="input"
          type="date"
          aria-label={label}
          value={dateInputValue(item.value)}
          onChange={(event) => onChange(event.target.value ? datetimeFilterValue(event.target.value) : '')}
        />
      );
    case 'text':
      return (
        <input
          className="input"
          type="text"
          aria-label={label}
          value={typeof item.value === 'string' ? item.value : String(item.value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
