import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../renderer/src/api/client.js';
import { createAccessToken, maskSecret, readTokenClaims, revokeAccessToken } from '../../renderer/src/api/tokens.js';
import {
  allDefaults,
  assignShortcut,
  captureKey,
  comboParts,
  conflictingActions,
  isDefault,
} from '../../renderer/src/features/appSettings/shortcutEditing.js';
import { expiryText } from '../../renderer/src/features/appSettings/tokenExpiry.js';
import { DEFAULT_SHORTCUTS } from '../../renderer/src/features/labeling/shortcuts.js';

function key(key: string, modifiers: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {}) {
  return { key, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...modifiers };
}

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('recording a shortcut', () => {
  it('cancels on Escape, waits on bare modifiers, lets Tab leave, and records the rest', () => {
    expect(captureKey(key('Escape'))).toEqual({ kind: 'cancel' });
    expect(captureKey(key('Control', { ctrlKey: true }))).toEqual({ kind: 'pending' });
    expect(captureKey(key('Shift', { shiftKey: true }))).toEqual({ kind: 'pending' });
    expect(captureKey(key('Tab'))).toEqual({ kind: 'leave' });
    expect(captureKey(key('Tab', { shiftKey: true }))).toEqual({ kind: 'leave' });
    expect(captureKey(key('Tab', { ctrlKey: true }))).toEqual({ kind: 'combo', combo: 'Ctrl+Tab' });
    expect(captureKey(key('Escape', { ctrlKey: true }))).toEqual({ kind: 'combo', combo: 'Ctrl+Escape' });
    expect(captureKey(key('k', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'combo', combo: 'Ctrl+K' });
    expect(captureKey(key('ArrowDown', { altKey: true }))).toEqual({ kind: 'combo', combo: 'Alt+ArrowDown' });
    expect(captureKey(key('+', { ctrlKey: true }))).toEqual({ kind: 'pending' });
  });

  it('refuses a combo another action uses, and binds a free one', () => {
    const taken = assignShortcut({ ...DEFAULT_SHORTCUTS }, 'skip', 'ctrl+enter');
    expect(taken).toEqual({ ok: false, conflict: ['submit'] });
    // Re-binding an action to its own combo is no conflict.
    expect(assignShortcut({ ...DEFAULT_SHORTCUTS }, 'submit', 'Ctrl+Enter').ok).toBe(true);
    const free = assignShortcut({ ...DEFAULT_SHORTCUTS }, 'nextTask', 'alt+n');
    expect(free).toEqual({ ok: true, shortcuts: { ...DEFAULT_SHORTCUTS, nextTask: 'Alt+N' } });
    if (!free.ok) return;
    expect(isDefault(free.shortcuts, 'nextTask')).toBe(false);
    expect(isDefault(free.shortcuts, 'submit')).toBe(true);
    expect(allDefaults(free.shortcuts)).toBe(false);
    expect(allDefaults({ ...DEFAULT_SHORTCUTS })).toBe(true);
  });

  it('finds actions that already share a combo, e.g. in a hand-edited keymap', () => {
    expect(conflictingActions({ ...DEFAULT_SHORTCUTS })).toEqual(new Set());
    const clash = conflictingActions({ ...DEFAULT_SHORTCUTS, skip: 'ctrl+enter' });
    expect(clash).toEqual(new Set(['submit', 'skip']));
  });

  it('shows arrows as arrows', () => {
    expect(comboParts('ctrl+arrowRight')).toEqual(['Ctrl', '→']);
    expect(comboParts('?')).toEqual(['?']);
  });
});

describe('token helpers', () => {
  it('reads the issue and expiry dates of a truncated PAT, and gives null for junk', () => {
    const truncated = `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({
      token_type: 'refresh',
      iat: 1_768_471_200,
      exp: 2_000_000_000,
      jti: 'abc123',
      user_id: 1,
    })}`;
    expect(readTokenClaims(truncated)).toEqual({
      jti: 'abc123',
      issuedAt: new Date(1_768_471_200_000),
      expiresAt: new Date(2_000_000_000_000),
    });
    expect(readTokenClaims('not-a-jwt')).toBeNull();
    expect(readTokenClaims('a.!!!')).toBeNull();
  });

  it('says a PAT with Label Studio’s 200-year lifetime never expires, and dates the others', () => {
    const issuedAt = new Date('2026-01-15T10:00:00Z');
    const now = new Date('2026-03-01T00:00:00Z');
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const lifetime = (days: number) => new Date(issuedAt.getTime() + days * 24 * 3600 * 1000);
    const claims = (expiresAt: Date | null) => ({ jti: 'x', issuedAt, expiresAt });
    expect(expiryText(claims(lifetime(200 * 365)), now, day)).toBe('Never expires');
    expect(expiryText(claims(lifetime(30)), now, day)).toBe('Expired 2026-02-14');
    expect(expiryText(claims(lifetime(365)), now, day)).toBe('Expires 2027-01-15');
    expect(expiryText(claims(null), now, day)).toBeNull();
    expect(expiryText(null, now, day)).toBeNull();
  });

  it('masks all but the ends of a secret', () => {
    expect(maskSecret('0123456789abcdef0123456789abcdef01234567')).toBe(`0123${'•'.repeat(24)}4567`);
    expect(maskSecret('short')).toBe('•••••');
  });

  it("turns the server's 409 into an 'exists' answer, and sends the truncated token to revoke", async () => {
    const calls: { url: string; body: unknown }[] = [];
    const answers = [
      new Response(JSON.stringify({ token: 'h.p.s' }), { status: 201 }),
      new Response(
        JSON.stringify({ detail: 'You already have a valid token. Please revoke it before creating a new one.' }),
        { status: 409 },
      ),
      new Response(null, { status: 204 }),
      new Response(JSON.stringify({ detail: 'Token is invalid or already blacklisted.' }), { status: 404 }),
    ];
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:1',
      auth: { kind: 'token', token: 'k' },
      fetch: (url, init) => {
        calls.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
        return Promise.resolve(answers.shift()!);
      },
    });
    expect(await createAccessToken(client)).toEqual({ kind: 'created', token: 'h.p.s' });
    expect(await createAccessToken(client)).toEqual({
      kind: 'exists',
      message: 'You already have a valid token. Please revoke it before creating a new one.',
    });
    await revokeAccessToken(client, 'h.p');
    expect(calls[2]).toEqual({ url: 'http://127.0.0.1:1/api/token/blacklist/', body: { refresh: 'h.p' } });
    await expect(revokeAccessToken(client, 'h.p')).rejects.toThrow('Token is invalid or already blacklisted.');
  });
});
