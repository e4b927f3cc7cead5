import { describe, expect, it } from 'vitest';
import {
  isTrustedSource,
  parseHostMessage,
  parseParentMessage,
} from '../../renderer/src/features/labeling/protocol.js';
import { previewSetup } from '../../renderer/src/features/labeling/editorSetup.js';
import { DEFAULT_SHORTCUTS } from '../../renderer/src/features/labeling/shortcuts.js';

describe('editor frame messages', () => {
  const frame = { name: 'frame window' };

  it('reads only messages from the expected window of the same origin', () => {
    expect(isTrustedSource({ source: frame, origin: 'http://127.0.0.1:5' }, frame, 'http://127.0.0.1:5')).toBe(true);
    expect(isTrustedSource({ source: {}, origin: 'http://127.0.0.1:5' }, frame, 'http://127.0.0.1:5')).toBe(false);
    expect(isTrustedSource({ source: frame, origin: 'http://evil.test' }, frame, 'http://127.0.0.1:5')).toBe(false);
    expect(isTrustedSource({ source: null, origin: 'http://127.0.0.1:5' }, null, 'http://127.0.0.1:5')).toBe(false);
  });

  it('accepts the host messages with their fields and rejects anything else', () => {
    const result = [{ type: 'choices', value: { choices: ['A'] } }];
    expect(parseHostMessage({ type: 'submit', result, leadTime: 2.5 })).toEqual({
      type: 'submit',
      result,
      leadTime: 2.5,
    });
    expect(parseHostMessage({ type: 'update', annotationId: 4, result, leadTime: 1 })).toMatchObject({
      annotationId: 4,
    });
    expect(parseHostMessage({ type: 'draft', annotationId: null, result, leadTime: 1 })).toMatchObject({
      type: 'draft',
    });
    expect(parseHostMessage({ type: 'shortcut', action: 'nextTask' })).toEqual({
      type: 'shortcut',
      action: 'nextTask',
    });
    expect(parseHostMessage({ type: 'update', annotationId: 0, result, leadTime: 1 })).toBeNull();
    expect(parseHostMessage({ type: 'submit', result: 'oops', leadTime: 1 })).toBeNull();
    expect(parseHostMessage({ type: 'submit', result: [1], leadTime: 1 })).toBeNull();
    expect(parseHostMessage({ type: 'shortcut', action: 'deleteEverything' })).toBeNull();
    expect(parseHostMessage({ type: 'unknown' })).toBeNull();
    expect(parseHostMessage('ready')).toBeNull();
  });

  it('accepts a well-formed setup and commands from the page only', () => {
    const setup = previewSetup('<View/>', { text: 'x' }, DEFAULT_SHORTCUTS);
    const media = { '/data/upload/1/a.png': new Blob(['png']) };
    expect(parseParentMessage({ type: 'init', setup, media })).toEqual({ type: 'init', setup, media });
    expect(parseParentMessage({ type: 'init', setup, media: { '/data/upload/1/a.png': 'bytes' } })).toBeNull();
    expect(parseParentMessage({ type: 'init', setup })).toBeNull();
    expect(parseParentMessage({ type: 'init', setup: { ...setup, task: { id: 1 } }, media: {} })).toBeNull();
    expect(parseParentMessage({ type: 'init', setup: { ...setup, user: {} }, media: {} })).toBeNull();
    expect(parseParentMessage({ type: 'command', name: 'submit' })).toEqual({ type: 'command', name: 'submit' });
    expect(parseParentMessage({ type: 'command', name: 'delete' })).toBeNull();
    expect(parseParentMessage({ type: 'shown', shown: false })).toEqual({ type: 'shown', shown: false });
    expect(parseParentMessage({ type: 'shown', shown: 'no' })).toBeNull();
  });
});
