import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { dragOverWord } from '../helpers/editorRegions.js';

/*
 * What the browser tests of the Model section and of model predictions share: the section and
 * its cards, notifications, the failures they provoke on purpose, and selecting a word in the
 * editor.
 */

/** A text classification the stub model server predicts for ("pos" for label → text). */
export const CLASSIFY_CONFIG = `<View>
  <Text name="text" value="$text"/>
  <Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices>
</View>`;

/** Failures the tests cause on purpose, which Chromium logs. */
export const ML_EXPECTED_FAILURES = [
  // A model server that does not answer (or refuses the credentials) is refused when connected.
  { status: 400, path: /^\/api\/ml$/, method: 'POST' },
  // The built-in model's status endpoint may not be in this server yet.
  { status: 404, path: /^\/api\/outpost\/ml\/local-model$/ },
];

export function modelSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Model', exact: true });
}

/** A connected model's card, by its title. */
export function modelCard(page: Page, name: string): Locator {
  return modelSection(page).getByRole('article', { name });
}

export function notification(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text).first();
}

export async function openModelSettings(page: Page, server: E2eServer, projectId: number): Promise<void> {
  await page.goto(`${server.cli.url}/#/projects/${projectId}/settings`);
  await modelSection(page).getByRole('heading', { name: 'Model', exact: true }).waitFor();
}

/** The viewport with the Model section's top just below the page's sticky header. */
export async function screenshotModelSection(page: Page, name: string): Promise<void> {
  await modelSection(page).evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.locator('#main').evaluate((main) => main.scrollBy(0, -72));
  await page.screenshot({ path: join(SCREENSHOTS, name) });
}

/** Selects one word of the editor's text by mouse, which the Text tag turns into a labeled span. */
export const selectWord = dragOverWord;
