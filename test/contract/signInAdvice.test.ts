import { describe, expect, it } from 'vitest';
import { signInPage, usedLinkPage } from '../../electron/core/server/signInPages.js';

/*
 * The sign-in pages' advice matches what `npm start` does: run again while Outpost runs, it leaves
 * that Outpost running and prints a new LOGIN link for it (rather than rebuilding under it).
 */
describe('how the sign-in pages say to get a new link', () => {
  it('says a second npm start gives one without stopping Outpost', () => {
    for (const html of [signInPage('http://127.0.0.1:8080'), usedLinkPage()]) {
      const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
      expect(text).toContain(
        'run npm start (or outpost start) again in another terminal: Outpost keeps running, and the new command ' +
          'prints a new LOGIN: line for it and opens it in your browser.',
      );
    }
  });
});
