// `just bench` (bench/run.sh): search as a reader meets it on a large built site (the synthetic
// corpus), in real headless Chromium, served under a sub-path on 127.0.0.1. For each query it
// opens a fresh tab, types the query key by key, and measures from the last keystroke to the
// moment the results panel last changed (so the first query pays for loading its index files),
// then types a second query in the same tab (files already loaded). Also prints the bytes a fresh
// tab downloads for the first query pasted whole, and whether the expected page is in the top
// three.
// When SITE_DIR also holds a Pagefind index (`pagefind_extended --site SITE_DIR`), the same first
// queries go through Pagefind's own API in a fresh tab too: its top three, its bytes, and the
// milliseconds from the call to the data of its top three (no typing, no drawing).
// Usage: node bench/search.mjs SITE_DIR
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countingTab, launch, pagefindTop3, serveUnder } from '../tests/e2e/browser.mjs';

const siteDir = resolve(process.argv[2] || '');
const BASE = '/ROCm-pages/';
// [language, query, the page expected in the top three (folder under the language), a second
// query typed in the same tab]. The corpus (`cargo xtask corpus`) titles page N "観測ページ N" /
// "Observation page N" in folder sNNN/pNNNNN; its claims are pNNNNN-a…d.
const page = (n) => `s${String(Math.floor(n / 100)).padStart(3, '0')}/p${String(n).padStart(5, '0')}/`;
const QUERIES = [
  ['ja', '観測ページ 4321', page(4321), '逆アセンブル'],
  ['ja', 'p07777-c', page(7777), 'rocblas_create_handle'],
  ['ja', '観測ページ 9090 kernel', page(9090), 'ライブラリ'],
  ['en', 'Observation page 8765', page(8765), 'dispatch branch'],
  ['en', 'p01234-a', page(1234), 'select_kernel'],
  ['en', 'observation page 55', page(55), 'ROCBLAS_LAYER'],
];

const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();

/** Type `text` into the search field of `tab` and return the milliseconds from the last
 *  keystroke to the last change of the results panel, once the panel has settled. */
async function timed(tab, text) {
  await tab.evaluate(() => {
    const panel = document.querySelector('[data-search-results]');
    window.benchShown = 0;
    window.benchKey = 0;
    document.querySelector('#search-input').addEventListener('input', () => { window.benchKey = performance.now(); }, { capture: true });
    new MutationObserver(() => { window.benchShown = performance.now(); }).observe(panel, { childList: true, subtree: true, attributes: true });
  });
  await tab.fill('#search-input', '');
  await tab.focus('#search-input');
  await tab.keyboard.type(text);
  await tab.waitForFunction(() => {
    const panel = document.querySelector('[data-search-results]');
    return !panel.hidden && panel.querySelector('a, .search-none') && window.benchShown > window.benchKey;
  }, null, { timeout: 20000 });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(50);
  return tab.evaluate(() => window.benchShown - window.benchKey);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold = [];
const warm = [];
const bytes = [];
let top3 = 0;
try {
  for (const [lang, first, expected, second] of QUERIES) {
    // The bytes of a first query given whole (pasted), as Pagefind's are counted below.
    const pasted = await countingTab(browser, `${origin}${BASE}${lang}/index.html`);
    const fresh = pasted.tab;
    const before = pasted.bytes();
    await fresh.fill('#search-input', first);
    await fresh.waitForFunction(() => document.querySelector('[data-search-results] a, [data-search-results] .search-none'), null, { timeout: 20000 });
    await fresh.waitForLoadState('networkidle');
    bytes.push(pasted.bytes() - before);
    await pasted.context.close();
    // Typed key by key in another fresh tab: the time from the last keystroke.
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${origin}${BASE}${lang}/index.html`);
    await tab.waitForLoadState('networkidle');
    const ms = await timed(tab, first);
    const hrefs = await tab.$$eval('[data-search-results] a', (as) => as.slice(0, 3).map((a) => a.href));
    const found = hrefs.some((h) => new URL(h).pathname.includes(`/${lang}/${expected}`));
    top3 += found ? 1 : 0;
    cold.push(ms);
    const again = await timed(tab, second);
    warm.push(again);
    console.log(`search: ${lang} "${first}": ${ms.toFixed(1)} ms, ${(bytes[bytes.length - 1] / 1024).toFixed(0)} KiB, expected page ${found ? 'in' : 'NOT in'} the top three; then "${second}": ${again.toFixed(1)} ms`);
    await context.close();
  }
  console.log(`search: first query p50 ${median(cold).toFixed(1)} ms, max ${Math.max(...cold).toFixed(1)} ms; `
    + `next query p50 ${median(warm).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms; `
    + `first-query download p50 ${(median(bytes) / 1024).toFixed(0)} KiB, max ${(Math.max(...bytes) / 1024).toFixed(0)} KiB; `
    + `expected page in the top three ${top3}/${QUERIES.length}`);
  if (existsSync(join(siteDir, 'pagefind/pagefind.js'))) {
    const took = [];
    const got = [];
    let found = 0;
    for (const [lang, first, expected] of QUERIES) {
      const { context, tab, bytes: downloaded } = await countingTab(browser, `${origin}${BASE}${lang}/index.html`);
      const before = downloaded();
      const { ms, urls } = await pagefindTop3(tab, BASE, first);
      const hit = urls.some((u) => u.includes(`/${lang}/${expected}`));
      found += hit ? 1 : 0;
      took.push(ms);
      got.push(downloaded() - before);
      console.log(`pagefind: ${lang} "${first}": ${ms.toFixed(1)} ms, ${(got[got.length - 1] / 1024).toFixed(0)} KiB, expected page ${hit ? 'in' : 'NOT in'} the top three`);
      await context.close();
    }
    console.log(`pagefind: first query p50 ${median(took).toFixed(1)} ms, max ${Math.max(...took).toFixed(1)} ms (API call to top-three data); `
      + `first-query download p50 ${(median(got) / 1024).toFixed(0)} KiB, max ${(Math.max(...got) / 1024).toFixed(0)} KiB; `
      + `expected page in the top three ${found}/${QUERIES.length}`);
  }
} finally {
  await browser.close();
  close();
}
