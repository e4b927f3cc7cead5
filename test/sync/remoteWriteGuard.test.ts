import { describe, expect, it } from 'vitest';
import type { RemoteClient } from '../../electron/core/sync/remoteClient.js';
import { guardRemoteWrites, isAllowedRemoteWrite } from '../../electron/core/sync/push/remoteWriteGuard.js';

/* The push writes annotations, tasks made here and predictions asked for: never a project's settings or ML backends. */

describe('the writes a push may send', () => {
  it('allows what the push steps send, and nothing of a project, its ML backends or existing predictions', () => {
    for (const [method, path] of [
      ['POST', '/api/tasks/7/annotations/'],
      ['PATCH', '/api/annotations/3/'],
      ['DELETE', '/api/annotations/3/'],
      ['POST', '/api/projects/2/import'],
      ['POST', '/api/predictions/'],
      ['GET', '/api/projects/2/'],
    ] as const) {
      expect(isAllowedRemoteWrite(method, path), `${method} ${path}`).toBe(true);
    }
    for (const [method, path] of [
      ['PATCH', '/api/projects/2/'],
      ['PUT', '/api/projects/2/'],
      ['POST', '/api/ml/'],
      ['PATCH', '/api/ml/4'],
      ['DELETE', '/api/ml/4'],
      ['POST', '/api/ml/4/train'],
      ['PATCH', '/api/predictions/9/'],
      ['DELETE', '/api/predictions/9/'],
      ['POST', '/api/dm/actions?id=retrieve_tasks_predictions&project=2'],
    ] as const) {
      expect(isAllowedRemoteWrite(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('refuses any other write before it leaves this machine', async () => {
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
    const guarded = guardRemoteWrites(client);
    await expect(guarded.request('PATCH', '/api/projects/2/', { body: { model_version: 'x' } })).rejects.toThrow(
      'Outpost never sends PATCH /api/projects/2/ to a remote',
    );
    await expect(guarded.requestRaw('POST', '/api/ml/')).rejects.toThrow(/never sends POST \/api\/ml\//);
    await guarded.request('POST', '/api/predictions/', { body: {} });
    expect(sent).toEqual(['POST /api/predictions/']);
  });
});
