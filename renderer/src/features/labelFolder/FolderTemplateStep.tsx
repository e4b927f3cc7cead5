import { suggestedTemplates, summaryText, type FolderSummary } from '../storages/folderContents';
import { TemplatePicker, type TemplateChoice } from '../createProject/TemplatePicker';
import type { CatalogLoad } from '../createProject/useTemplateCatalog';

interface FolderTemplateStepProps {
  path: string;
  summary: FolderSummary;
  catalog: CatalogLoad;
  template: TemplateChoice;
  onTemplate: (template: TemplateChoice) => void;
}

/** What the folder holds, the templates that fit it, and the whole gallery to pick another. */
export function FolderTemplateStep({ path, summary, catalog, template, onTemplate }: FolderTemplateStepProps) {
  const suggestions = catalog.status === 'ready' ? suggestedTemplates(catalog.catalog, summary.kind) : [];
  return (
    <>
      <p className="folder-flow__found" data-testid="folder-summary">
        Found {summaryText(summary)} in <span className="folder-flow__path">{path}</span>.
        {summary.kind === null && ' None of them is a kind of file Outpost has a template for: pick one below.'}
      </p>
      {suggestions.length > 0 && (
        <div className="folder-flow__suggestions" role="group" aria-label="Suggested templates">
          <span className="muted">Suggested:</span>
          {suggestions.map((item) => (
            <button
              key={item.title}
              type="button"
              className="chip"
              aria-pressed={template?.title === item.title}
              onClick={() => onTemplate(item)}
            >
              {item.title}
            </button>
          ))}
        </div>
      )}
      <TemplatePicker load={catalog} value={template} onChange={onTemplate} />
      {template && !template.bundled_editor && (
        <p className="notice">
          “{template.title}” uses tags that Outpost’s labeling editor does not show yet. You can still make the project
          and import the folder.
        </p>
      )}
    </>
  );
}
