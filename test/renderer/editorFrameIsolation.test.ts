import { describe, expect, it } from 'vitest';
import {
  isTrustedSource,
  parseHostMessage,
  parseParentMessage,
  FRAME_ORIGIN,
} from '../../renderer/src/features/labeling/protocol.js';
import { isMediaAddress, mediaAddresses, withMediaUrls } from '../../renderer/src/features/labeling/taskMedia.js';

/*
 * The editor frame is sandboxed with an opaque origin: the page reads only its frame's messages
 * from origin "null", and hands it the task's media (fetched with the page's session) as bytes.
 */

const ORIGIN = 'http://127.0.0.1:8080';

describe('the page and its sandboxed editor frame', () => {
  it('reads messages from its own frame window and the opaque origin only', () => {
    const frame = {};
    expect(isTrustedSource({ source: frame, origin: FRAME_ORIGIN }, frame, FRAME_ORIGIN)).toBe(true);
    // A same-origin frame is not the sandboxed one: its messages are ignored.
    expect(isTrustedSource({ source: frame, origin: ORIGIN }, frame, FRAME_ORIGIN)).toBe(false);
    expect(isTrustedSource({ source: {}, origin: FRAME_ORIGIN }, frame, FRAME_ORIGIN)).toBe(false);
    expect(isTrustedSource({ source: null, origin: FRAME_ORIGIN }, null, FRAME_ORIGIN)).toBe(false);
  });

  it('knows the hello and boot handshake', () => {
    expect(parseHostMessage({ type: 'hello' })).toEqual({ type: 'hello' });
    expect(parseParentMessage({ type: 'boot', boot: null })).toEqual({ type: 'boot', boot: null });
    expect(parseParentMessage({ type: 'boot', boot: 'runtime.js' })).toBeNull();
  });

  it('finds the media addresses of this server in task data, once each, and nothing else', () => {
    const data = {
      image: '/data/upload/3/cat.png',
      again: `${ORIGIN}/data/upload/3/cat.png`,
      nested: [{ audio: '/data/remote/1/a.wav' }, { file: '/data/local-files/?d=photos/x.jpg' }],
      resolved: '/tasks/7/resolve/?fileuri=czM6Ly9i',
      text: 'Just words /data/upload/3/cat.png',
      elsewhere: 'https://example.org/data/upload/1/x.png',
      api: '/api/outpost/remotes',
      climbing: '/data/../api/outpost/remotes',
    };
    expect(mediaAddresses(data, ORIGIN)).toEqual([
      '/data/upload/3/cat.png',
      `${ORIGIN}/data/upload/3/cat.png`,
      '/data/remote/1/a.wav',
      '/data/local-files/?d=photos/x.jpg',
      '/tasks/7/resolve/?fileuri=czM6Ly9i',
    ]);
    expect(isMediaAddress('/data/uploads-not/1/x', ORIGIN)).toBe(false);
  });

  it('puts the frame’s blob: URLs in place of the addresses it got bytes for', () => {
    const data = { image: '/data/upload/3/cat.png', other: '/data/upload/3/dog.png', n: 4 };
    const urls = new Map([['/data/upload/3/cat.png', 'blob:null/1']]);
    expect(withMediaUrls(data, (address) => urls.get(address))).toEqual({
      image: 'blob:null/1',
      other: '/data/upload/3/dog.png',
      n: 4,
    });
  });
});
