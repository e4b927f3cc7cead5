import { describe, expect, it } from 'vitest';
import type { RemoteClient } from '../../electron/core/sync/remoteClient.js';
import { guardRemoteWrites, isAllowedRemoteWrite } from '../../electron/core/sync/push/remoteWriteGuard.js';

/* A copy to another server creates its project and imports into it; only that flow may create a project. */

describe('the writes a copy to another server may send', () => {
  it('creates a project and imports, and nothing else; the push may never create a project', () => {
    expect(isAllowedRemoteWrite('POST', '/api/projects/', 'copy')).toBe(true);
    expect(isAllowedRemoteWrite('POST', '/api/projects/12/import', 'copy')).toBe(true);
    expect(isAllowedRemoteWrite('POST', '/api/projects/')).toBe(false);
    expect(isAllowedRemoteWrite('POST', '/api/projects/', 'sync')).toBe(false);
    for (const [method, path] of [
      ['POST', '/api/tasks/7/annotations/'],
      ['PATCH', '/api/annotations/3/'],
      ['DELETE', '/api/annotations/3/'],
      ['POST', '/api/predictions/'],
      ['PATCH', '/api/projects/2/'],
      ['DELETE', '/api/projects/2/'],
      ['POST', '/api/ml/'],
    ] as const) {
      expect(isAllowedRemoteWrite(method, path, 'copy'), `${method} ${path}`).toBe(false);
    }
  });

  it('refuses a project creation outside the copy before it leaves this machine', async () => {
    const sent: string[] = [];
    const client: RemoteClient = {
      url: 'http://remote.example',
      tokenKind: 'legacy',
      request: async (method, path) => {
        sent.push(`${method} ${path}`);
        return null as never;
      },
      requestRaw: async (method, path) => {
        sent.push(`${method} ${path}`);
        return new Response(null);
      },
      version: async () => ({ release: '1.22.0' }),
      whoami: async () => ({ id: 1, email: 'me@example.org' }),
    };
    await expect(guardRemoteWrites(client).request('POST', '/api/projects/', { body: {} })).rejects.toThrow(
      'Outpost never sends POST /api/projects/ to a remote',
    );
    await expect(guardRemoteWrites(client, 'copy').request('PATCH', '/api/annotations/3/')).rejects.toThrow(
      /never sends PATCH/,
    );
    await guardRemoteWrites(client, 'copy').request('POST', '/api/projects/', { body: {} });
    expect(sent).toEqual(['POST /api/projects/']);
  });
});
