// Screenshots of built pages in headless Chromium: every PAGE in light and dark, at phone and
// desktop widths, into OUT_DIR. Usage: node screenshots.mjs SITE_DIR OUT_DIR PAGE... A page written
// `PAGE+search:QUERY` is shot with that query's search results open (first screen only); a page
// with a query (`ja/claims/index.html?class=inferred`) is shot with that filter applied, and
// `PAGE+key:K` after pressing the key K (a deck's notes: `…/deck/index.html#2+key:n`).
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
    for (const [width, name] of [[1280, "desktop"], [390, "phone"]]) {
      const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
      for (const spec of pages) {
        const [target, key] = spec.split('+key:');
        const [page, query] = target.split('+search:');
        const tab = await context.newPage();
        await tab.goto(`${server.url}${page}`);
        if (key) {
          await tab.keyboard.press(key);
        }
        if (query) {
          // On a phone the field is behind the header's search button.
          if (await tab.isVisible('.search-open')) { await tab.click('.search-open'); }
          await tab.fill('#search-input', query);
          await tab.waitForSelector('[data-search-results] a');
        }
        const [path, filter] = page.split('#')[0].split('?');
        const stem = path.replace(/\/index\.html$/, '').replace(/\//g, '_') || 'root';
        const file = `${outDir}/${stem}${query ? '-search' : ''}${filter ? '-filtered' : ''}${key ? `-key-${key}` : ''}-${name}-${colorScheme}.png`;
        await tab.screenshot({ path: file, fullPage: !process.env.VIEWPORT_ONLY && !query && !key });
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
