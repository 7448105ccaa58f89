// axe-core accessibility scan of built pages in headless Chromium (Debian's /usr/bin/chromium),
// served over HTTP on 127.0.0.1, in light and dark colour schemes.
// Usage: node a11y.mjs SITE_DIR PAGE... (pages relative to SITE_DIR, e.g. ja/index.html; with
// `+search:QUERY` after a page, the page is scanned with that query's search results open)
// Exits 1 when any page has a serious or critical violation; prints every violation found.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { serve } from './serve.mjs';
import { launch } from './browser.mjs';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const [siteDir, ...pages] = process.argv.slice(2);
if (!siteDir || pages.length === 0) {
  console.error('usage: node a11y.mjs SITE_DIR PAGE...');
  process.exit(2);
}

const server = await serve(siteDir);
const browser = await launch();
let blocking = 0;
try {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ colorScheme });
    for (const spec of pages) {
      const [page, query] = spec.split('+search:');
      const tab = await context.newPage();
      if (page === 'index.html') {
        // The root page redirects by script; scan the chooser itself, as seen without script.
        await tab.route('**/js/site.*.js', (route) => route.abort());
      }
      await tab.goto(`${server.url}${page}`);
      if (query) {
        await tab.fill('#search-input', query);
        await tab.waitForSelector('[data-search-results] a');
      }
      await tab.addScriptTag({ content: axeSource });
      const result = await tab.evaluate(() => window.axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      }));
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      blocking += serious.length;
      console.log(`${colorScheme.padEnd(5)} ${spec}: ${result.passes.length} rules pass, ${result.violations.length} violations (${serious.length} serious or critical)`);
      for (const v of result.violations) {
        console.log(`  [${v.impact}] ${v.id}: ${v.help}`);
        for (const node of v.nodes.slice(0, 3)) {
          console.log(`    ${node.target.join(' ')}: ${node.failureSummary.replace(/\n/g, ' ')}`);
        }
      }
      await tab.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${blocking} serious or critical violations`);
process.exit(blocking === 0 ? 0 : 1);
