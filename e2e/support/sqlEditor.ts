import type { Page } from 'playwright-core';

/** SQL Lab's editor (CodeMirror) inside the page. */
const EDITOR = '[data-testid="sqllab-editor"] .cm-content';

/** Closes the autocomplete list, which opens on typed text and covers the editor's lines. */
export async function closeCompletion(page: Page): Promise<void> {
  if (await page.locator('.cm-tooltip-autocomplete').isVisible())
    await page.keyboard.press('Escape');
}

/**
 * Replaces the editor's text. The editor is focused rather than clicked: an autocomplete list
 * left open by earlier typing would take the click.
 */
export async function replaceSql(page: Page, sql: string): Promise<void> {
  await page.locator(EDITOR).focus();
  await closeCompletion(page);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await closeCompletion(page);
}
