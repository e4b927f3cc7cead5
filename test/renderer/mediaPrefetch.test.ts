import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskMediaOnce } from '../../renderer/src/features/labeling/mediaPrefetch.js';

/* The label stream's media cache against a real HTTP server that counts what it serves. */

describe('media fetched ahead for the label stream', () => {
  let server: Server;
  let origin: string;
  const served = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      served.set(request.url ?? '', (served.get(request.url ?? '') ?? 0) + 1);
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(`bytes of ${request.url}`);
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  // Absolute: the page's relative addresses have no base under Node.
  const task = (name: string) => ({ image: `${origin}/data/upload/1/${name}.png`, caption: 'not media' });
  const text = async (media: Record<string, Blob>, name: string) => media[task(name).image]?.text();

  it('fetches a task’s files once for the stream and the editor, and lets the oldest go after three tasks', async () => {
    const ahead = await taskMediaOnce(task('a'), origin);
    const shown = await taskMediaOnce(task('a'), origin);
    expect(await text(shown, 'a')).toBe('bytes of /data/upload/1/a.png');
    expect(shown).toBe(ahead);
    expect(served.get('/data/upload/1/a.png')).toBe(1);

    for (const name of ['b', 'c', 'd']) await taskMediaOnce(task(name), origin);
    // a was asked for before b, c and d: the fourth task pushed it out, and it is fetched again.
    await taskMediaOnce(task('a'), origin);
    expect(served.get('/data/upload/1/a.png')).toBe(2);
    // d is among the last three still.
    await taskMediaOnce(task('d'), origin);
    expect(served.get('/data/upload/1/d.png')).toBe(1);
  });

  it('asks nothing for a task without media of this server', async () => {
    const before = [...served.values()].reduce((sum, count) => sum + count, 0);
    expect(await taskMediaOnce({ text: 'plain', image: 'https://elsewhere.example/x.png' }, origin)).toEqual({});
    expect([...served.values()].reduce((sum, count) => sum + count, 0)).toBe(before);
  });
});
