import { describe, expect, it } from 'vitest';
import {
  cachedEditorFolder,
  isEditorKey,
  readEditorBoot,
} from '../../renderer/src/features/labeling/cachedEditorBoot.js';
import {
  editorAddress,
  editorKeyFromAddress,
  parseHostMessage,
} from '../../renderer/src/features/labeling/protocol.js';

/** The boot recipe of the real 1.22 editor (CONTRIBUTING.md, "Label Studio 1.22's editor"). */
const BOOT = {
  chunkGlobal: 'webpackChunklabelstudio',
  scripts: ['runtime.js', 'vendor.js'],
  modules: ['main.js'],
  styles: ['main.css'],
  chunks: [502, 680, 725, 853],
  module: 82142,
};

describe('which editor the frame loads', () => {
  it('names a cached editor in the address, and nothing for the bundled one', () => {
    expect(editorAddress('dark', null)).toBe('./editor.html?theme=dark');
    expect(editorAddress('light', '1.22.0-abc')).toBe('./editor.html?theme=light&editor=1.22.0-abc');
    expect(editorKeyFromAddress('?theme=dark&editor=1.22.0-abc')).toBe('1.22.0-abc');
    expect(editorKeyFromAddress('?theme=dark')).toBeNull();
    expect(editorKeyFromAddress('?editor=')).toBeNull();
  });

  it('takes only a remote’s id and a plain build name as a cached editor’s folder', () => {
    expect(cachedEditorFolder('3/1.22.0-abc')).toBe('/outpost-editors/3/1.22.0-abc/');
    const bad = ['..', '../x', 'a/b', '.hidden', 'a b', '%2e%2e', '', '1.22.0-abc', '3/..', '3/a/b', 'x/1.22.0'];
    for (const name of bad) {
      expect(isEditorKey(name)).toBe(false);
      expect(() => cachedEditorFolder(name)).toThrow(/is not the name of a cached editor/);
    }
  });
});

describe('a cached editor’s boot recipe', () => {
  it('reads the recipe of a manifest', () => {
    expect(readEditorBoot({ key: 'k', boot: BOOT, files: [] })).toEqual({
      ...BOOT,
      styleModules: [],
      featureFlags: {},
    });
    const flags = { fflag_fix_leap_466_text_sanitization: true, fflag_x: false };
    expect(readEditorBoot({ boot: { ...BOOT, featureFlags: flags } }).featureFlags).toEqual(flags);
    // 1.22's Tailwind rules are a module of main.js that only the app's entry adds to the page.
    expect(readEditorBoot({ boot: { ...BOOT, styleModules: [97562] } }).styleModules).toEqual([97562]);
    expect(readEditorBoot({ boot: { ...BOOT, scripts: ['js/runtime.js'], styles: [] } }).scripts).toEqual([
      'js/runtime.js',
    ]);
  });

  it('refuses a recipe that would load files from elsewhere or run something else', () => {
    const broken: [unknown, RegExp][] = [
      [null, /no boot recipe/],
      [{ boot: [] }, /no boot recipe/],
      [{ boot: { ...BOOT, chunkGlobal: 'alert(1)' } }, /chunkGlobal/],
      [{ boot: { ...BOOT, scripts: [] } }, /nothing would load the editor/],
      [{ boot: { ...BOOT, scripts: ['https://evil.test/x.js'] } }, /boot\.scripts/],
      [{ boot: { ...BOOT, scripts: ['../../assets/index.js'] } }, /boot\.scripts/],
      [{ boot: { ...BOOT, modules: ['/main.js'] } }, /boot\.modules/],
      [{ boot: { ...BOOT, styles: 'main.css' } }, /boot\.styles/],
      [{ boot: { ...BOOT, chunks: ['853'] } }, /boot\.chunks/],
      [{ boot: { ...BOOT, module: -1 } }, /boot\.module/],
      [{ boot: { ...BOOT, styleModules: [1.5] } }, /boot\.styleModules/],
      [{ boot: { ...BOOT, featureFlags: { a: 'yes' } } }, /boot\.featureFlags/],
      [{ boot: { ...BOOT, featureFlags: [true] } }, /boot\.featureFlags/],
    ];
    for (const [manifest, message] of broken) expect(() => readEditorBoot(manifest)).toThrow(message);
  });
});

describe('the frame’s errors', () => {
  it('tells a cached editor’s files failing from any other error', () => {
    expect(parseHostMessage({ type: 'error', message: 'Its file 853.js did not load.', kind: 'editor-files' })).toEqual(
      { type: 'error', message: 'Its file 853.js did not load.', kind: 'editor-files' },
    );
    expect(parseHostMessage({ type: 'error', message: 'No model registered for tag: datetime' })).toEqual({
      type: 'error',
      message: 'No model registered for tag: datetime',
    });
    expect(parseHostMessage({ type: 'error', message: 'x', kind: 'something-else' })).toBeNull();
    expect(parseHostMessage({ type: 'error', kind: 'editor-files' })).toBeNull();
  });
});
