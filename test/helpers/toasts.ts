import type { Page } from 'playwright-core';

/**
 * Dismisses every notification on the page. A toast that times out between the count and the click
 * leaves nothing to click (on a loaded machine this happened): only a toast still there after a
 * failed click is an error.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) {
    await dismiss
      .first()
      .click({ timeout: 3_000 })
      .catch(async (error: unknown) => {
        if ((await dismiss.count()) > 0) throw error;
      });
  }
}
