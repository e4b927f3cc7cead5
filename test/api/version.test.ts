import { describe, expect, it } from 'vitest';
import { fetchServerVersion } from '../../renderer/src/api/serverVersion.js';
import { LABEL_STUDIO_VERSION } from '../../shared/api/compatibility.js';
import { serverVersionSchema } from '../../shared/api/version.js';
import { rendererClient } from '../helpers/rendererClient.js';
import { createTestApp } from '../helpers/testApp.js';

describe('GET /api/version', () => {
  it('answers without a token, strictly in the shared wire shape the status bar reads', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/version');
    expect(response.status).toBe(200);
    const body = serverVersionSchema.parse(await response.json());
    expect(body).toMatchObject({
      release: LABEL_STUDIO_VERSION,
      edition: 'Community',
      outpost: { name: 'Outpost', version: '0.0.0-test' },
    });
    expect(await fetchServerVersion(rendererClient(t))).toEqual(body);
  });
});
