// Screenshots of built pages in headless Chromium: every PAGE in light and dark, at phone and
// desktop widths, into OUT_DIR. Usage: node screenshots.mjs SITE_DIR OUT_DIR PAGE...
// With VIEWPORT_ONLY=1, only the first screen of each page (long indexes make tall images).
import { mkdirSync } from 'node:fs';
import { launch } from './browser.mjs';
import { serve } from './serve.mjs';

const [siteDir, outDir, ...pages] = process.argv.slice(2);
if (!siteDir || !outDir || pages.length === 0) {
  console.error('usage: node screenshots.mjs SITE_DIR OUT_DIR PAGE...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const server = await serve(siteDir);
const browser = await launch();
try {
  for (const colorScheme of ['light', 'dark']) {
    for (const [width, name] of [[1100, 'desktop'], [390, 'phone']]) {
      const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
      for (const page of pages) {
        const tab = await context.newPage();
        await tab.goto(`${server.url}${page}`);
        const file = `${outDir}/${page.replace(/\/index\.html$/, '').replace(/\//g, '_') || 'root'}-${name}-${colorScheme}.png`;
        await tab.screenshot({ path: file, fullPage: !process.env.VIEWPORT_ONLY });
        console.log(file);
        await tab.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
