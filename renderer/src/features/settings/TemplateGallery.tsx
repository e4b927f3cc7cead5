import { useId, useMemo, useState } from 'react';
import { SearchField } from '../../components/SearchField';
import { groupTemplates, type LabelTemplate } from '../../api/templates';
import { TemplateMiniature } from '../createProject/TemplateMiniature';
import { useTemplateCatalog } from '../createProject/useTemplateCatalog';

/** Outpost's template gallery, grouped as the server groups it, filtered by a search box. */
export function TemplateGallery({ onChoose }: { onChoose: (template: LabelTemplate) => void }) {
  const load = useTemplateCatalog(true);
  const [search, setSearch] = useState('');
  const headingId = useId();

  const groups = useMemo(() => (load.status === 'ready' ? groupTemplates(load.catalog, search) : []), [load, search]);

  return (
    <section className="template-gallery" aria-labelledby={headingId}>
      <h3 id={headingId} className="settings-subtitle">
        Templates
      </h3>
      <SearchField label="Search templates" placeholder="Search templates" value={search} onChange={setSearch} />
      <div className="template-gallery__list">
        {load.status === 'loading' && <p role="status">Loading templates…</p>}
        {load.status === 'error' && (
          <p className="field__error" role="alert">
            Templates could not be loaded: {load.message}
          </p>
        )}
        {load.status === 'ready' && groups.length === 0 && <p className="muted">No template matches “{search}”.</p>}
        {groups.map(({ group, items }) => (
          <section key={group} aria-label={group} className="template-group">
            <h4 className="template-group__title">{group}</h4>
            <ul className="template-group__items">
              {items.map((template) => (
                <li key={template.title}>
                  <button type="button" className="template-card" onClick={() => onChoose(template)}>
                    <TemplateMiniature config={template.config} />
                    <span className="template-card__text">
                      <span className="template-card__title">{template.title}</span>
                      <span className="template-card__details">{template.details}</span>
                    </span>
                    {!template.bundled_editor && <span className="badge">Needs a newer editor</span>}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
