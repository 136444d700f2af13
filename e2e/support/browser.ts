import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from './server.ts';

/** Debian's Chromium (`apt-get install -y chromium`); TESSERA_CHROMIUM points elsewhere. */
export const CHROMIUM_PATH = process.env.TESSERA_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e/screenshots');

// The system Chromium runs as root in a container here: no sandbox, and nothing that phones home.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches headless Chromium; Playwright gives every launch a fresh temporary profile. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` ` +
        '(or set TESSERA_CHROMIUM to its path).',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context (no cookies, no storage) and a page in it: one per test. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login page and waits until the app has left it. */
export async function login(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login/`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Saves a full-page PNG as e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
