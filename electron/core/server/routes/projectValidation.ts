import type { Hono } from 'hono';
import { z } from 'zod';
import { validateLabelConfig } from '../../../../shared/label-config/index.js';
import { validateProjectConfig } from '../../domain/projects/validateProjectConfig.js';
import { ValidationError } from '../../domain/errors.js';
import type { AppEnv } from '../appEnv.js';
import { checkWith, drfCharField } from '../drfValidation.js';
import { readObjectBody } from '../requestBody.js';
import { defineRoute } from '../route.js';

// DRF's CharField trims surrounding whitespace before validating.
const labelConfigBody = z.object({ label_config: drfCharField().transform((config) => config.trim()) });

/** Label config checks (docs/label-studio-compatibility.md#label-config-validation). Registered before `/api/projects/:id` routes. */
export function projectValidationRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/projects/validate', {
    // Label Studio answers this one with DRF's plain `{"label_config": [...]}`, not the envelope.
    post: async (c) => {
      const result = checkWith(labelConfigBody, await readObjectBody(c));
      if (result.errors) return c.json(result.errors, 400);
      const problem = validateLabelConfig(result.data.label_config);
      if (problem) return c.json({ label_config: [problem] }, 400);
      return c.body(null, 204);
    },
  });
  defineRoute(app, '/api/projects/:id{[0-9]+}/validate', {
    post: async (c) => {
      const config = (await readObjectBody(c)).label_config;
      if (typeof config !== 'string' || config === '') {
        throw new ValidationError({ non_field_errors: ['Label config is not set or is empty'] });
      }
      return c.json(validateProjectConfig(c.get('deps').db, Number(c.req.param('id')), config));
    },
  });
}
