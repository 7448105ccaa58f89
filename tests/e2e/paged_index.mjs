// The claims index of a large site (the synthetic corpus, more than one page of index) in real
// headless Chromium, served under a sub-path: a filter counts its matches on every page of the
// index (the facets file), the pager's links keep the filter, and a page's evidence-summary count
// opens the index page that lists that page's claims, narrowed to them. The pager names the pages
// near the current one (on a phone only it), the first and the last, and the pages with matches
// when a filter has them on few.
// Usage: node paged_index.mjs SITE_DIR (built from `cargo xtask corpus --pages 800`: 8 pages of index)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
const { check, failures } = checks();
const BASE = '/ROCm-pages/';
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();

// What the facets say, read here independently: the unresolved claims on each index page.
const facetsText = readFileSync(join(siteDir, 'en/claims/facets.js'), 'utf8');
const facets = JSON.parse(facetsText.slice(facetsText.indexOf('(') + 1, facetsText.lastIndexOf(')')));
const expected = [];
facets.claims.forEach((entry, i) => {
  const part = Math.floor(i / facets.size);
  expected[part] = (expected[part] || 0) + (entry[0] === 'unresolved' ? 1 : 0);
});
check(expected.length >= 8, `the corpus's index has several pages (${expected.length})`);

// The pager's page numbers as a reader sees them: the hidden ones left out, an ellipsis before a
// number that follows left-out pages ("…3").
const shownNumbers = (tab) => tab.$$eval('.pager:first-of-type li', (items) => items
  .filter((li) => li.querySelector('[data-number]') && getComputedStyle(li).display !== 'none')
  .map((li) => (getComputedStyle(li, '::before').content.includes('…') ? '…' : '') + li.querySelector('[data-number]').dataset.number));

try {
  // The pager names the first and last pages and those near this one, on a phone only this one.
  for (const [width, want] of [[1280, '1 …3 4 5 6 7 8'], [390, '1 …5 …8']]) {
    const tab = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await tab.goto(`${origin}${BASE}en/claims/5/index.html`);
    const shown = (await shownNumbers(tab)).join(' ');
    check(shown === want, `${width} px: page 5's pager names ${shown} (want ${want})`);
    const wide = await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth
      && [...document.querySelectorAll('.pager ul')].every((ul) => ul.getBoundingClientRect().height < 60));
    check(wide, `${width} px: the pager fits on one line, with no horizontal scroll`);
    await tab.context().close();
  }

  const tab = await (await browser.newContext()).newPage();
  await tab.goto(`${origin}${BASE}en/claims/index.html?class=unresolved`);
  await tab.waitForFunction(() => /\(/.test(document.querySelector('.pager [data-number]')?.textContent || ''), null, { timeout: 10000 });
  const numbers = await tab.$$eval('.pager:first-of-type [data-number]', (items) => items.map((i) => i.textContent));
  const want = expected.map((n, i) => `${i + 1} (${n})`);
  check(JSON.stringify(numbers) === JSON.stringify(want), `the pager counts the matches on each page (${numbers.join(', ')})`);
  const named = (await shownNumbers(tab)).join(' ');
  check(named === '1 2 3 …8', `a filter matching on every page names no more pages than before (${named})`);
  {
    // A page filter whose claims are all on a far page of the index names that page.
    const far = 5;
    const key = decodeURIComponent(facets.pages[facets.claims[far * facets.size + 100][3][0]]);
    const tab3 = await (await browser.newContext()).newPage();
    await tab3.goto(`${origin}${BASE}en/claims/index.html?page=${encodeURIComponent(key)}`);
    await tab3.waitForFunction(() => /\(/.test(document.querySelector('.pager [data-number]')?.textContent || ''), null, { timeout: 10000 });
    const shown = (await shownNumbers(tab3)).join(' ');
    check(shown.includes(`…${far + 1}`), `a filter matching on page ${far + 1} only names it from page 1 (${shown})`);
    await tab3.context().close();
    // On a phone, page 5's pager names page 4 (near, so otherwise left out there) when a
    // filter's matches are on it.
    const near = 3;
    const key4 = decodeURIComponent(facets.pages[facets.claims[near * facets.size + 100][3][0]]);
    const tab4 = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
    await tab4.goto(`${origin}${BASE}en/claims/5/index.html?page=${encodeURIComponent(key4)}`);
    await tab4.waitForFunction(() => /\(/.test(document.querySelector('.pager [data-number]')?.textContent || ''), null, { timeout: 10000 });
    const phone = await shownNumbers(tab4);
    check(phone.includes(`…${near + 1}`) && phone.includes('5'), `390 px: a filter matching on page ${near + 1} names it from page 5 (${phone.join(' ')})`);
    await tab4.context().close();
  }
  const label = await tab.getAttribute('.pager:first-of-type a[data-number="2"]', 'aria-label');
  check(label === `2: ${expected[1]} matches`, `a pager link is read out with its matches ("${label}")`);
  const status = await tab.textContent('.claim-filter-count');
  const total = expected.reduce((a, b) => a + b, 0);
  check(status.includes(`${expected[0]} / ${facets.size}`) && status.includes(`: ${total})`), `the status gives this page's and the whole index's matches (${status})`);
  const shown = await tab.$$eval('.claim-index > li', (items) => items.filter((li) => !li.hidden).map((li) => li.getAttribute('data-class')));
  check(shown.length === expected[0] && shown.every((c) => c === 'unresolved'), `only this page's unresolved claims are shown (${shown.length})`);
  // The pager keeps the filter: the second page opens filtered.
  await tab.click('.pager:first-of-type a[data-number="2"]');
  await tab.waitForURL((u) => u.pathname.endsWith('/claims/2/index.html'));
  check(new URL(tab.url()).searchParams.get('class') === 'unresolved', `the pager's link keeps the filter (${tab.url()})`);
  const second = await tab.$$eval('.claim-index > li', (items) => items.filter((li) => !li.hidden).length);
  check(second === expected[1], `the second page shows its ${expected[1]} matches (${second})`);
  // A chosen filter changes the counts; lifting it removes them.
  await tab.click('.claim-filters button[data-value="unresolved"]');
  const plain = await tab.$$eval('.pager:first-of-type [data-number]', (items) => items.map((i) => i.textContent));
  check(plain.every((t) => /^\d+$/.test(t)), `with no filter the pager shows plain numbers (${plain.join(', ')})`);
  await tab.context().close();

  // A page's summary count opens the index page that lists its claims.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}${BASE}ja/s002/p00250/index.html`);
  const cards = await page.$$eval('article.claim-confirmed[id^="claim-"]', (items) => items.map((a) => a.id).sort());
  const link = page.locator('.summary-link', { has: page.locator('.badge-confirmed') });
  const count = Number(await link.locator('.count').textContent());
  await link.click();
  await page.waitForURL((u) => u.pathname.includes('/ja/claims/'));
  await page.waitForFunction(() => document.querySelector('.claim-filter-count')?.textContent);
  const rows = await page.$$eval('.claim-index > li', (items) => items.filter((li) => !li.hidden).map((li) => li.id).sort());
  check(count === cards.length && JSON.stringify(rows) === JSON.stringify(cards),
    `the count ${count} on p00250 opens ${new URL(page.url()).pathname} with its confirmed claims (${rows.join(', ')})`);
  await page.context().close();

  // A page whose confirmed claims fall on two pages of the index: its count opens the first, and
  // the pager counts the rest on the other.
  const parts = new Map();
  facets.claims.forEach((entry, i) => {
    if (entry[0] !== 'confirmed') return;
    entry[3].forEach((p) => parts.set(p, [...(parts.get(p) || []), Math.floor(i / facets.size)]));
  });
  const [straddling, where] = [...parts].find(([, ps]) => new Set(ps).size > 1) || [];
  check(straddling !== undefined, `some page's confirmed claims are on two index pages (${facets.pages[straddling]})`);
  if (straddling !== undefined) {
    const key = decodeURIComponent(facets.pages[straddling]);
    const tab2 = await (await browser.newContext()).newPage();
    await tab2.goto(`${origin}${BASE}en${key}index.html`);
    await tab2.click('.summary-link:has(.badge-confirmed)');
    await tab2.waitForURL((u) => u.pathname.includes('/en/claims/'));
    await tab2.waitForFunction(() => /\(/.test(document.querySelector('.pager [data-number]')?.textContent || ''), null, { timeout: 10000 });
    const first = Math.min(...where);
    const onFirst = where.filter((p) => p === first).length;
    const visible = await tab2.$$eval('.claim-index > li', (items) => items.filter((li) => !li.hidden).length);
    const counts = await tab2.$$eval('.pager:first-of-type [data-number]', (items) => items.map((i) => i.textContent));
    const partOf = (n) => (n === 0 ? '/en/claims/index.html' : `/en/claims/${n + 1}/index.html`);
    const others = where.filter((p) => p !== first);
    const revealed = (await shownNumbers(tab2)).map((n) => Number(n.replace('…', '')) - 1);
    check(where.every((p) => revealed.includes(p)), `the pager names every page with matches (${revealed.map((p) => p + 1)}; matches on ${[...new Set(where)].map((p) => p + 1)})`);
    check(new URL(tab2.url()).pathname.endsWith(partOf(first)) && visible === onFirst
      && others.every((p) => counts[p] === `${p + 1} (${where.filter((q) => q === p).length})`),
    `${key}: the count opens index page ${first + 1} with ${visible} of its ${where.length} confirmed claims; the pager counts the rest (${counts.join(', ')})`);
    await tab2.context().close();
  }
} finally {
  await browser.close();
  close();
}
process.exit(failures() ? 1 : 0);
