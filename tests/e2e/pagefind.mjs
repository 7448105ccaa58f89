// Side-by-side comparison with Pagefind (a peer): the same queries against the same built site,
// indexed by `pagefind_extended` (npm package `pagefind`, Lindera for Japanese) and by shoko's
// own index. Prints, per query, the rank of the expected page in each, how many queries each puts
// in the top three, and the bytes a fresh reader downloads for a first query (transfer sizes as
// served by python's http.server, uncompressed). Not part of CI; the figures go in notes.
// Usage: node pagefind.mjs SITE_DIR_WITH_PAGEFIND_INDEX
import { resolve } from 'node:path';
import { countingTab, launch, pagefindTop3, serveUnder } from './browser.mjs';
import { QUERIES } from './queries.mjs';

const siteDir = resolve(process.argv[2] || '');
const BASE = '/ROCm-pages/';
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();
const rankOf = (hrefs, lang, page) => hrefs.findIndex((h) => new URL(h, origin).pathname.replace(/index\.html$/, '').endsWith(`/${lang}/${page}`)) + 1;
try {
  let ours = 0;
  let theirs = 0;
  for (const [lang, text, page] of QUERIES) {
    const { context, tab, bytes } = await countingTab(browser, `${origin}${BASE}${lang}/index.html`);
    const before = bytes();
    await tab.fill('#search-input', text);
    await tab.waitForFunction(() => { const p = document.querySelector('[data-search-results]'); return !p.hidden && p.querySelector('a, .search-none'); });
    await tab.waitForLoadState('networkidle');
    const ourBytes = bytes() - before;
    const ourHrefs = await tab.$$eval('[data-search-results] a', (as) => as.map((a) => a.href));
    const pfBefore = bytes();
    const pfHrefs = (await pagefindTop3(tab, BASE, text)).urls;
    const pfBytes = bytes() - pfBefore;
    const a = rankOf(ourHrefs, lang, page);
    const b = rankOf(pfHrefs, lang, page);
    ours += a >= 1 && a <= 3 ? 1 : 0;
    theirs += b >= 1 && b <= 3 ? 1 : 0;
    console.log(`${lang} ${text.padEnd(16)} shoko: ${a || '-'} (${ourBytes} B)  pagefind: ${b || '-'} (${pfBytes} B)`);
    await context.close();
  }
  console.log(`top three: shoko ${ours} of ${QUERIES.length}, pagefind ${theirs} of ${QUERIES.length}`);
} finally {
  await browser.close();
  close();
}
