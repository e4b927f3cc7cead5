import { useId, useMemo, useState } from 'react';
import { groupTemplates, type LabelTemplate } from '../../api/templates';
import { SearchField } from '../../components/SearchField';
import { TemplateMiniature } from './TemplateMiniature';
import type { CatalogLoad } from './useTemplateCatalog';

/** The picked template, or null for "start empty". */
export type TemplateChoice = LabelTemplate | null;

interface TemplatePickerProps {
  load: CatalogLoad;
  value: TemplateChoice;
  onChange: (choice: TemplateChoice) => void;
}

const ALL = '';

/**
 * One radio group over the whole gallery (arrow keys move between templates), narrowed by a
 * category and a search; "Start empty" is always offered first.
 */
export function TemplatePicker({ load, value, onChange }: TemplatePickerProps) {
  const [category, setCategory] = useState(ALL);
  const [search, setSearch] = useState('');
  const name = useId();
  const catalog = load.status === 'ready' ? load.catalog : null;

  const groups = useMemo(() => {
    if (!catalog) return [];
    return groupTemplates(catalog, search).filter((entry) => category === ALL || entry.group === category);
  }, [catalog, search, category]);

  return (
    <fieldset className="template-picker">
      <legend className="field__label">Labeling template</legend>
      <div className="template-picker__filters">
        <div className="template-picker__categories" role="group" aria-label="Category">
          {[ALL, ...(catalog?.groups ?? [])].map((group) => (
            <button
              key={group || 'all'}
              type="button"
              className="chip"
              aria-pressed={category === group}
              onClick={() => setCategory(group)}
            >
              {group || 'All'}
            </button>
          ))}
        </div>
        <SearchField label="Search templates" placeholder="Search templates" value={search} onChange={setSearch} />
      </div>
      <div className="template-picker__list">
        <label className="template-option template-option--empty">
          <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
          <span className="template-option__text">
            <span className="template-option__title">Custom / start empty</span>
            <span className="template-option__details">Write the labeling config later in the project settings.</span>
          </span>
        </label>
        {load.status === 'loading' && <p role="status">Loading templates…</p>}
        {load.status === 'error' && (
          <p className="field__error" role="alert">
            Templates could not be loaded: {load.message}
          </p>
        )}
        {catalog && groups.length === 0 && (
          <p className="muted">No template matches{search ? ` “${search}”` : ''} in this category.</p>
        )}
        {groups.map(({ group, items }) => (
          <section key={group} aria-label={group} className="template-group">
            <h3 className="template-group__title">{group}</h3>
            {items.map((template) => (
              <label key={template.title} className="template-option">
                <input
                  type="radio"
                  name={name}
                  checked={value?.title === template.title}
                  onChange={() => onChange(template)}
                />
                <TemplateMiniature config={template.config} />
                <span className="template-option__text">
                  <span className="template-option__title">{template.title}</span>
                  <span className="template-option__details">{template.details}</span>
                  {!template.bundled_editor && <span className="badge">Needs a newer editor</span>}
                </span>
              </label>
            ))}
          </section>
        ))}
      </div>
    </fieldset>
  );
}
