import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/*
 * The project settings' detector panel, as the browser tests drive it: the panel, its file
 * chooser (a hidden file input the "Choose" button opens), and model files written for a test.
 */

export function detectorPanel(page: Page): Locator {
  return page.getByRole('article', { name: 'Your ONNX detector or segmenter' });
}

/** Chooses a file as the user does through the button's file dialog. */
export async function chooseDetectorFile(page: Page, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await detectorPanel(page)
    .getByRole('button', { name: /^(Choose an \.onnx file…|Replace the file…)$/ })
    .click();
  await (await chooser).setFiles(path);
}

/** Writes bytes as a model file in a fresh folder, under `name`. */
export function writeModelFile(bytes: Uint8Array, name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'outpost-e2e-detector-')), name);
  writeFileSync(path, bytes);
  return path;
}

/** The classes table as [class, predicted as] rows. */
export async function classTable(panel: Locator): Promise<string[][]> {
  const rows = await panel.getByTestId('detector-classes').locator('tbody tr').allInnerTexts();
  // A table row's text is its cells' separated by tabs.
  return rows.map((row) => row.split('\t').map((cell) => cell.trim()));
}
