import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SHOTS_DIR = path.resolve(import.meta.dirname, '../.shots');
const WIDTHS = [1440, 390] as const;

/** Screenshots of the page as it is at 1440 and 390 px wide (for a person to look at; nothing is compared). */
export async function shootWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
