import type { Hono } from 'hono';
import { LABEL_STUDIO_CONVERTER_VERSION, LABEL_STUDIO_VERSION } from '../../../../shared/api/compatibility.js';
import type { ServerVersion } from '../../../../shared/api/version.js';
import type { AppEnv } from '../appEnv.js';
import { defineRoute } from '../route.js';

/** `GET /api/version` in Label Studio's shape (hyphenated keys), plus an `outpost` block of our own. */
export function versionRoutes(app: Hono<AppEnv>): void {
  defineRoute(app, '/api/version', {
    get: (c) => {
      const outpostVersion = c.get('deps').outpostVersion;
      return c.json({
        release: LABEL_STUDIO_VERSION,
        'label-studio-os-package': {
          version: LABEL_STUDIO_VERSION,
          short_version: LABEL_STUDIO_VERSION.split('.').slice(0, 2).join('.'),
          latest_version_from_pypi: LABEL_STUDIO_VERSION,
          latest_version_upload_time: null,
          current_version_is_outdated: false,
        },
        'label-studio-os-backend': {
          message: `Outpost ${outpostVersion}`,
          commit: '',
          date: '',
          branch: '',
          version: `${LABEL_STUDIO_VERSION}+outpost.${outpostVersion}`,
        },
        'label-studio-converter': { version: LABEL_STUDIO_CONVERTER_VERSION },
        edition: 'Community',
        outpost: { name: 'Outpost', version: outpostVersion },
      } satisfies ServerVersion);
    },
  });
}
