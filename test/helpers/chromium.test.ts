import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium, requireChromium } from './chromium.js';

/* Browser tests fail, never skip, without Chromium; the failure says how to install it. */

const folder = mkdtempSync(join(tmpdir(), 'outpost-chromium-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const MISSING = join(folder, 'no-such-chromium');
const INSTALL_HINT = 'Install it: sudo apt-get install -y chromium-headless-shell';

describe('requireChromium', () => {
  it('throws with the path and the install command when there is no file', () => {
    expect(() => requireChromium(MISSING)).toThrow(`Chromium at ${MISSING}, and there is none. ${INSTALL_HINT}`);
  });

  it('throws the same when the file cannot be run', () => {
    const notExecutable = join(folder, 'chromium-not-executable');
    writeFileSync(notExecutable, '');
    chmodSync(notExecutable, 0o644);
    expect(() => requireChromium(notExecutable)).toThrow(INSTALL_HINT);
  });

  it('accepts an executable', () => {
    expect(() => requireChromium(process.execPath)).not.toThrow();
  });
});

describe('launchChromium', () => {
  it('fails with the install command rather than start without a browser', async () => {
    await expect(launchChromium({ executablePath: MISSING })).rejects.toThrow(INSTALL_HINT);
  });
});
