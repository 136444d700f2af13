import type { Page } from 'playwright-core';

/**
 * Opens the dashboard header's menu (and a submenu by hovering it) and clicks `entry`. A submenu
 * that opens while its menu is still sliding in can miss the hover on a loaded machine: as a
 * person would, close the menu and try again rather than wait.
 */
export async function openDashboardMenu(page: Page, entry: string, parent?: string) {
  for (let attempt = 1; ; attempt += 1) {
    await page.getByTestId('dashboard-menu').click();
    if (parent) {
      await page.getByTestId(parent).waitFor();
      await page.mouse.move(0, 0);
      await page.getByTestId(parent).hover();
    }
    try {
      await page.getByTestId(entry).click({ timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    }
  }
}
