import type { ApiClient } from './client';

/** One entry of Outpost's gallery (`GET /api/templates/`). */
export interface LabelTemplate {
  title: string;
  group: string;
  details: string;
  config: string;
  /** A data: URI; the gallery never loads images from elsewhere. */
  image: string;
  /** False when the config needs tags the bundled editor (1.4.0) does not have. */
  bundled_editor: boolean;
}

export interface TemplateCatalog {
  templates: LabelTemplate[];
  groups: string[];
}

export function listTemplates(client: ApiClient, signal?: AbortSignal): Promise<TemplateCatalog> {
  return client.get<TemplateCatalog>('/api/templates/', { signal });
}

/** Templates by group, in the server's group order, keeping those whose text matches `search`. */
export function groupTemplates(catalog: TemplateCatalog, search: string): { group: string; items: LabelTemplate[] }[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (template: LabelTemplate) => {
    const text = `${template.title} ${template.group} ${template.details}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  const groups = [...catalog.groups];
  for (const template of catalog.templates) if (!groups.includes(template.group)) groups.push(template.group);
  return groups
    .map((group) => ({ group, items: catalog.templates.filter((item) => item.group === group && matches(item)) }))
    .filter((entry) => entry.items.length > 0);
}
