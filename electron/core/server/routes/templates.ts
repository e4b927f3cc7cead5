import type { Hono } from 'hono';
import { listTemplateGroups, listTemplates } from '../../domain/templates/listTemplates.js';
import type { TemplateCatalog } from '../../../../shared/api/templates.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';

/** `GET /api/templates/`: the labeling template gallery for project setup (Outpost's own templates). */
export function templateRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/templates', {
    get: (c) => c.json({ templates: listTemplates(), groups: listTemplateGroups() } satisfies TemplateCatalog),
  });
}
