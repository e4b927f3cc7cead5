import { templateCatalogSchema, type LabelTemplate, type TemplateCatalog } from '../../../shared/api/templates';
import type { ApiClient } from './client';

export type { LabelTemplate, TemplateCatalog } from '../../../shared/api/templates';

/** Outpost's gallery (`GET /api/templates/`). */
export function listTemplates(client: ApiClient, signal?: AbortSignal): Promise<TemplateCatalog> {
  return client.get('/api/templates/', { signal, schema: templateCatalogSchema });
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
