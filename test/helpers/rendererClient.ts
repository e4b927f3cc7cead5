import { createApiClient, type ApiClient } from '../../renderer/src/api/client.js';
import { TEST_TOKEN, type TestApp } from './testApp.js';

/** The renderer's API client over a test app, as the Electron window sends it (token auth). */
export function rendererClient(t: Pick<TestApp, 'app'>): ApiClient {
  return createApiClient({
    baseUrl: 'http://localhost',
    auth: { kind: 'token', token: TEST_TOKEN },
    fetch: async (input, init) => t.app.request(input, init),
  });
}
