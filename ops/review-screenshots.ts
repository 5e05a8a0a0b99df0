/**
 * Screenshots of a review page as a reviewer sees it, for docs/: the page at 1280 px wide and on a
 * 390 px phone, full height, with the page's height and row count printed (the measure of how
 * compact the editor is). Uses Debian's Chromium through playwright-core.
 *
 *   npx tsx ops/review-screenshots.ts REVIEW_URL [OUT_DIR]
 */
import path from 'node:path';
import { chromium } from 'playwright-core';

const [url, outDir = 'docs'] = process.argv.slice(2);
if (!url) {
  process.stderr.write('usage: npx tsx ops/review-screenshots.ts REVIEW_URL [OUT_DIR]\n');
  process.exit(2);
}

// The page's own types are not in this project's libraries: read it through a loose handle.
// biome-ignore lint/suspicious/noExplicitAny: the browser's document, typed loosely on purpose
declare const document: any;

const VIEWS = [
  { name: 'review-page.png', width: 1280, height: 900 },
  { name: 'review-page-phone.png', width: 390, height: 844 },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const view of VIEWS) {
    const page = await browser.newPage({ viewport: { width: view.width, height: view.height } });
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('#waveform')?.dataset.decoded, null, { timeout: 60_000 });
    const measured = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
      rows: document.querySelectorAll('li.line').length,
    }));
    const file = path.join(outDir, view.name);
    await page.screenshot({ path: file, fullPage: true });
    const screens = (measured.height / view.height).toFixed(1);
    process.stdout.write(
      `${view.width}×${view.height}: ${measured.rows} lines, page ${measured.height} px tall (${screens} screens), ${measured.width} px wide → ${file}\n`,
    );
    await page.close();
  }
} finally {
  await browser.close();
}
