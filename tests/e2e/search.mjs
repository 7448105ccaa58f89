// Site search in real headless Chromium, as readers use it: served under a sub-path
// (/ROCm-pages/) and opened from disk (file://). Checks: the query tokenizer of
// static/js/search.js gives exactly the tokens of crates/search/vectors.json (the Rust one is held
// to the same file by `cargo test`); typed queries in both languages (Japanese words, parts of
// katakana and kanji compounds, code identifiers and their parts, English terms) put the expected
// page in the top three; a query typed past neither shows nor loads its results; keyboard-only use (`/`, arrows, Enter, Esc); the class facet filters;
// at phone width the open results cause no horizontal scroll; excerpts cut around the match.
// Also the claims index's filters, opened from a page's evidence summary.
// Usage: node search.mjs SITE_DIR
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checks, launch, serveUnder } from './browser.mjs';
import { QUERIES, SECOND_QUERIES } from './queries.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node search.mjs SITE_DIR');
  process.exit(2);
}
const repo = resolve(fileURLToPath(import.meta.url), '../../..');
const { check, fail, failures } = checks();

// The tokenizer, loaded as the CommonJS module it also is.
const tokens = createRequire(import.meta.url)(join(repo, 'static/js/search.js'));
const vectors = JSON.parse(readFileSync(join(repo, 'crates/search/vectors.json'), 'utf8'));
const drift = vectors.filter((v) => JSON.stringify(tokens.indexTokens(v.text)) !== JSON.stringify(v.index)
  || JSON.stringify(tokens.queryTerms(v.text)) !== JSON.stringify(v.query)
  || JSON.stringify(v.query.map(tokens.shardHash)) !== JSON.stringify(v.shards));
check(drift.length === 0, `the JavaScript tokenizer matches all ${vectors.length} shared vectors${drift.length ? `; differs on ${drift.map((v) => v.text).join(', ')}` : ''}`);
// The English stemmer ported to the browser gives the stems the index was made with (the Rust
// side, the rust-stemmers crate, is held to the same list by shoko-search's tests).
const stems = JSON.parse(readFileSync(join(repo, 'crates/search/stems.json'), 'utf8'));
const unlike = Object.entries(stems).filter(([word, stem]) => tokens.stem(word) !== stem);
check(Object.keys(stems).length >= 4000 && unlike.length === 0,
  `the JavaScript stemmer gives the stems of all ${Object.keys(stems).length} shared words${unlike.length ? `; differs on ${unlike.slice(0, 5).map(([w]) => w).join(', ')}` : ''}`);

// The excerpt a result shows is cut around the match, marks what matched even where normalising
// changes the length (`…`, full-width letters), and says where text was left out.
{
  const late = `${'Alpha beta gamma '.repeat(12)}the kernel mul_mat_vec_q ran on gfx1201 ${'delta '.repeat(40)}…`;
  const cut = tokens.excerpt(late, 'mul_mat_vec_q');
  check(cut.lead && cut.tail && cut.body.includes('mul_mat_vec_q') && cut.body.indexOf('mul_mat_vec_q') <= 48
    && /^[A-Za-z]/.test(cut.body), `an excerpt starts at a word shortly before a late match ("${cut.body.slice(0, 60)}…")`);
  const none = tokens.excerpt('short text', 'zzz');
  check(!none.lead && !none.tail && none.body === 'short text', 'with no match, the excerpt is the opening');
  const spans = tokens.matchSpans('Ｋｅｒｎｅｌ… GPU ケーススタディ集', tokens.queryTerms('kernel ケーススタディ集'));
  check(JSON.stringify(spans) === '[[0,6],[12,20]]', `matches are marked on the original characters, a Japanese word as one span (${JSON.stringify(spans)})`);
  const [mark] = tokens.matchSpans(cut.body, cut.terms);
  check(mark && cut.body.slice(mark[0], mark[1]) === 'mul_mat_vec_q', `the excerpt's mark covers the match (${mark && cut.body.slice(mark[0], mark[1])})`);
  const so = tokens.matchSpans('also libggml-hip.so is so', tokens.queryTerms('so'));
  check(JSON.stringify(so) === '[[17,19],[23,25]]', `a short term is marked only as a whole token, not inside "also" (${JSON.stringify(so)})`);
  const hip = tokens.matchSpans('a chip and hipblaslt', tokens.queryTerms('hip'));
  check(JSON.stringify(hip) === '[[11,14]]', `a prefix term is marked where a token starts, not inside "chip" (${JSON.stringify(hip)})`);
  const plural = tokens.excerpt('calls into rocBLAS and then /proc/self/maps', 'rocblas maps');
  const pluralMarks = tokens.matchSpans(plural.body, plural.terms).map((m) => plural.body.slice(m[0], m[1]));
  check(JSON.stringify(pluralMarks) === '["rocBLAS","maps"]', `a word ending in s is marked whole, not cut where the index drops the s (${JSON.stringify(pluralMarks)})`);
  const kana = tokens.matchSpans('ﾃﾞｰﾀ… は', tokens.queryTerms('データ'));
  check(JSON.stringify(kana) === '[[0,4]]', `half-width kana with voicing marks are marked as the word they normalise to (${JSON.stringify(kana)})`);
  const word = tokens.excerpt('ポスターの ケーススタディ集', 'ケーススタディ');
  check(JSON.stringify(word.terms) === '["ケーススタディ"]', `a Japanese word found whole is marked whole, not by its bigrams elsewhere (${JSON.stringify(word.terms)})`);
}


async function results(tab) {
  return tab.$$eval('[data-search-results] a', (links) => links.map((a) => a.href));
}

async function query(tab, text) {
  await tab.fill('#search-input', text);
  await tab.waitForFunction(() => {
    const panel = document.querySelector('[data-search-results]');
    return !panel.hidden && panel.querySelector('a, .search-none');
  }, null, { timeout: 5000 });
  return results(tab);
}

const BASE = '/ROCm-pages/';
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch(['--allow-file-access-from-files']);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  tab.on('pageerror', (e) => { console.error(`page error: ${e.message}`); fail(); });

  for (const [where, url] of [['served', (lang) => `${origin}${BASE}${lang}/index.html`],
    ['from disk', (lang) => pathToFileURL(join(siteDir, lang, 'index.html')).href]]) {
    let found = 0;
    for (const [lang, text, page] of QUERIES) {
      await tab.goto(url(lang));
      const hrefs = await query(tab, text);
      const want = `/${lang}/${page}index.html`;
      const rank = hrefs.findIndex((h) => new URL(h).pathname.endsWith(want)) + 1;
      const ok = rank >= 1 && rank <= 3;
      found += ok ? 1 : 0;
      check(ok, `${where} ${lang} "${text}": ${want} is result ${rank || 'none'} of ${hrefs.length}`);
    }
    console.log(`     ${where}: ${found} of ${QUERIES.length} queries put the expected page in the top three`);
  }

  // The second set: glossary words, loanwords, inflections, a phrase, a word no page holds.
  {
    let found = 0;
    for (const [lang, text, expected] of SECOND_QUERIES) {
      await tab.goto(`${origin}${BASE}${lang}/index.html`);
      const hrefs = await query(tab, text);
      let ok;
      let said;
      if (expected === null) {
        ok = hrefs.length === 0;
        said = `finds nothing (${hrefs.length} results)`;
      } else {
        const [page, anchor] = expected.split('#');
        const want = `/${lang}/${page}index.html`;
        const rank = hrefs.findIndex((h) => {
          const url = new URL(h);
          return url.pathname.endsWith(want) && (!anchor || url.hash === `#${anchor}`);
        }) + 1;
        ok = rank >= 1 && rank <= 3;
        said = `${expected} is result ${rank || 'none'} of ${hrefs.length}`;
      }
      found += ok ? 1 : 0;
      check(ok, `second set, ${lang} "${text}": ${said}`);
    }
    console.log(`     second set: ${found} of ${SECOND_QUERIES.length} queries as expected`);
  }

  // Claims are named by what they say, their ID after it; past the first ten, "more" shows the
  // next ten (focused); a result's page marks what was found, and the query leaves the address.
  {
    await tab.goto(`${origin}${BASE}en/index.html`);
    await query(tab, 'gfx1201');
    const claim = await tab.$eval('[data-search-results] a.search-claim', (a) =>
      [a.querySelector('.search-title').textContent, a.querySelector('.search-id').textContent]);
    check(claim[0].includes(' ') && !claim[0].includes(claim[1]) && /^[a-z0-9-]+$/.test(claim[1]),
      `a claim result is titled by its statement ("${claim[0].slice(0, 50)}…"), its ID after it (${claim[1]})`);
    const shownCount = () => tab.$$eval('[data-search-results] a', (links) => links.length);
    const before = await shownCount();
    const more = await tab.$eval('.search-more', (b) => b.textContent);
    await tab.click('.search-more');
    await tab.waitForFunction((n) => document.querySelectorAll('[data-search-results] a').length > n, before);
    const after = await shownCount();
    const focused = await tab.evaluate(() => [...document.querySelectorAll('[data-search-results] a')].indexOf(document.activeElement));
    check(before === 10 && after > before && focused === before,
      `"${more}" shows the next results (${before} → ${after}), the first new one focused (${focused})`);
    await query(tab, 'dispatched');
    const target = await tab.$eval('[data-search-results] a[href*="claim-rocblas-catalog-not-dispatch"]', (a) => a.getAttribute('href'));
    await tab.click(`[data-search-results] a[href="${target}"]`);
    await tab.waitForFunction(() => location.hash === '#claim-rocblas-catalog-not-dispatch');
    const arrived = await tab.evaluate(() => ({
      marks: [...document.querySelectorAll('main mark.search-hit')].map((m) => m.textContent.toLowerCase()),
      inTarget: !!document.querySelector(':target mark.search-hit'),
      search: location.search,
      targetFlash: getComputedStyle(document.querySelector(':target')).animationName,
    }));
    check(arrived.marks.length > 0 && arrived.marks.every((m) => m.startsWith('dispatch')) && arrived.inTarget
      && arrived.search === '' && arrived.targetFlash !== 'none',
      `a result's page marks the query's words (${arrived.marks.length}: ${[...new Set(arrived.marks)].join(', ')}), in the target too, which flashes (${arrived.targetFlash}); the address keeps no query ("${arrived.search}")`);
  }

  // A match far into a section shows the text around it, marked, not the section's opening.
  for (const [lang, text, marked] of [['en', 'getActiveArch', 'getActiveArch'], ['ja', 'ケーススタディ集', 'ケーススタディ集']]) {
    await tab.goto(`${origin}${BASE}${lang}/index.html`);
    await query(tab, text);
    const shown = await tab.$$eval('[data-search-results] .search-excerpt', (spans) => spans.map((s) =>
      [s.textContent, [...s.querySelectorAll('mark')].map((m) => m.textContent)]));
    const late = shown.find(([t, marks]) => t.startsWith('…') && marks.includes(marked));
    check(!!late, `${lang} "${text}": a result's excerpt starts mid-text at the marked match (${late ? late[0].slice(0, 50) : JSON.stringify(shown.slice(0, 2))})`);
  }

  // Typing past a search: with every index file slowed down, a query replaced before its token
  // file arrives never shows its results and loads none of its result buckets.
  {
    const slowed = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await slowed.route('**/search/en/**', async (route) => {
      await new Promise((done) => setTimeout(done, 300));
      await route.continue();
    });
    const buckets = async (queries) => {
      const slow = await slowed.newPage();
      const asked = new Set();
      slow.on('request', (r) => { const m = /\/(d-\d+)\.js/.exec(r.url()); if (m) { asked.add(m[1]); } });
      await slow.goto(`${origin}${BASE}en/index.html`);
      await slow.evaluate(() => {
        window.shownFirst = [];
        new MutationObserver(() => {
          const a = document.querySelector('[data-search-results] a');
          if (a) { window.shownFirst.push(a.getAttribute('href')); }
        }).observe(document.querySelector('[data-search-results]'), { childList: true });
      });
      for (const q of queries) { await slow.fill('#search-input', q); }
      await slow.waitForSelector('[data-search-results] a');
      await slow.waitForTimeout(1500);
      const shown = await slow.evaluate(() => [...new Set(window.shownFirst)]);
      await slow.close();
      return { asked: [...asked].sort(), shown };
    };
    const [early, late] = ['observers', 'rocblas_create'];
    const alone = await buckets([late]);
    const first = await buckets([early]);
    const both = await buckets([early, late]);
    check(first.asked.some((d) => !alone.asked.includes(d)), `the two queries need different buckets ("${early}": ${first.asked}; "${late}": ${alone.asked})`);
    check(JSON.stringify(both.shown) === JSON.stringify(alone.shown), `a replaced query's results are never shown (shown: ${both.shown})`);
    check(JSON.stringify(both.asked) === JSON.stringify(alone.asked), `a replaced query loads none of its buckets (loaded ${both.asked}, the last query alone ${alone.asked})`);
    await slowed.close();
  }

  // A result opens its page at the section, under the sub-path.
  await tab.goto(`${origin}${BASE}en/index.html`);
  const [first] = await query(tab, 'hip_fatbin');
  await tab.click('[data-search-results] a');
  await tab.waitForURL((u) => u.href === first);
  check(new URL(first).pathname.startsWith(BASE), `a result opens under the sub-path (${new URL(first).pathname})`);
  const target = decodeURIComponent(new URL(first).hash.slice(1));
  check(!target || await tab.evaluate((id) => !!document.getElementById(id), target), `the result's anchor #${target} exists on the page`);

  // Keyboard only: `/` focuses, arrows move, Esc closes, Enter opens the first result.
  await tab.goto(`${origin}${BASE}ja/index.html`);
  await tab.keyboard.press('/');
  check(await tab.evaluate(() => document.activeElement?.id === 'search-input'), '`/` focuses the search field');
  await tab.keyboard.type('gfx942');
  await tab.waitForSelector('[data-search-results] a');
  await tab.keyboard.press('ArrowDown');
  check(await tab.evaluate(() => document.activeElement?.matches('[data-search-results] a')), 'ArrowDown moves to the first result');
  await tab.keyboard.press('ArrowDown');
  const second = await tab.evaluate(() => [...document.querySelectorAll('[data-search-results] a')].indexOf(document.activeElement));
  check(second === 1, 'ArrowDown again moves to the second result');
  await tab.keyboard.press('Escape');
  check(await tab.evaluate(() => document.querySelector('[data-search-results]').hidden
    && document.activeElement?.id === 'search-input'), 'Esc closes the results and returns to the field');
  await tab.fill('#search-input', 'gfx942');
  await tab.waitForSelector('[data-search-results] a');
  await tab.keyboard.press('Escape');
  check(await tab.evaluate(() => document.querySelector('[data-search-results]').hidden
    && document.getElementById('search-input').value === 'gfx942'),
    'Esc in the field closes the results and keeps the query (a search field would empty itself)');
  const expected = await tab.evaluate(() => document.querySelector('[data-search-results] a').href);
  await tab.keyboard.press('Enter');
  await tab.waitForURL((u) => u.href === expected);
  check(true, `Enter opens the first result (${new URL(expected).pathname})`);

  // The class facet keeps only results of that class.
  await tab.goto(`${origin}${BASE}en/index.html`);
  await query(tab, 'gfx1201');
  await tab.click('[data-search-results] button[data-filter="cls"][data-value="confirmed"]');
  await tab.waitForSelector('[data-search-results] button[data-value="confirmed"][aria-pressed="true"]');
  const badges = await tab.$$eval('[data-search-results] a', (links) => links.map((a) => a.querySelector('.badge')?.className || 'none'));
  check(badges.length > 0 && badges.every((b) => b.includes('badge-confirmed')), `the Confirmed facet keeps ${badges.length} confirmed claims only`);

  // The evidence summary's counts open the claims index filtered to that page's current claims
  // of that class, as many as the count says; lifting the page filter shows the class site-wide, and a
  // target narrows it.
  await tab.goto(`${origin}${BASE}en/gpu/gfx1201/index.html`);
  const count = Number(await tab.$eval('a.summary-link[href*="class=inferred"] .count', (c) => c.textContent));
  await tab.click('a.summary-link[href*="class=inferred"]');
  await tab.waitForURL(/claims\/index\.html\?page=(%2Fgpu%2Fgfx1201%2F|\/gpu\/gfx1201\/)&class=inferred&lifecycle=current$/);
  const rows = await tab.$$eval('.claim-index > li:not([hidden])', (items) => items.map((li) => [li.dataset.class, li.dataset.pages]));
  check(rows.length === count && rows.every(([c, p]) => c === 'inferred' && p.split(' ').includes('/gpu/gfx1201/')),
    `the Inferred count (${count}) opens the index showing that page's ${rows.length} inferred claims`);
  const chip = await tab.$eval('.claim-filters .page-chip', (b) => b.hidden ? '' : b.textContent);
  check(chip.includes('RDNA4'), `a chip names the page (${chip})`);
  await tab.click('.claim-filters .page-chip');
  const before = await tab.$$eval('.claim-index > li:not([hidden])', (items) => items.length);
  check(before > rows.length && tab.url().endsWith('?class=inferred'), `pressing the chip lifts the page filter (${rows.length} → ${before})`);
  await tab.click('.claim-filters button[data-value="gfx900"]');
  const after = await tab.$$eval('.claim-index > li:not([hidden])', (items) => items.map((li) => li.dataset.gfx));
  check(after.length < before && after.every((g) => g.split(' ').includes('gfx900')) && tab.url().endsWith('?class=inferred&gfx=gfx900'),
    `a target narrows it (${before} → ${after.length}) and the address keeps both filters`);
  // A class no button offers, as a mistyped address would have, is ignored rather than hiding all.
  await tab.goto(`${origin}${BASE}en/claims/index.html?class=bogus`);
  const [bogusShown, bogusAll] = await tab.$$eval('.claim-index > li', (items) => [items.filter((li) => !li.hidden).length, items.length]);
  check(bogusAll > 0 && bogusShown === bogusAll, `an unknown class in the address is ignored (${bogusShown} of ${bogusAll} shown)`);

  // The index's own counts choose their class; each chip counts what it would leave; filters
  // that leave nothing say so and offer to clear them.
  await tab.goto(`${origin}${BASE}en/claims/index.html`);
  const limited = Number(await tab.$eval('a.summary-link[data-class="limited"] .count', (c) => c.textContent));
  const chipCount = Number(await tab.$eval('.claim-filters button[data-value="limited"] .chip-count', (c) => c.textContent));
  check(limited > 0 && chipCount >= limited, `the Limited chip counts its claims (${chipCount}; ${limited} current)`);
  await tab.click('a.summary-link[data-class="limited"]');
  const chosenRows = await tab.$$eval('.claim-index > li:not([hidden])', (items) => items.map((li) => li.dataset.class));
  check(tab.url().endsWith('?class=limited') && chosenRows.length === chipCount && chosenRows.every((c) => c === 'limited'),
    `the index's Limited count chooses that class (${chosenRows.length} shown, ${tab.url().split('/').pop()})`);
  const narrowed = Number(await tab.$eval('.claim-filters button[data-value="gfx942"] .chip-count', (c) => c.textContent));
  await tab.click('.claim-filters button[data-value="gfx942"]');
  const none = await tab.$$eval('.claim-index > li:not([hidden])', (items) => items.length);
  check(narrowed === none, `the gfx942 chip said what it would leave (${narrowed}; ${none} shown)`);
  if (none === 0) {
    check(await tab.isVisible('.claim-filter-empty'), 'filters that match nothing say so');
  }
  check(await tab.isVisible('.claim-filter-clear'), 'a chosen filter can be cleared');
  await tab.click('.claim-filter-clear');
  const all = await tab.$$eval('.claim-index > li', (items) => [items.filter((li) => !li.hidden).length, items.length]);
  check(all[0] === all[1] && !tab.url().includes('?') && !(await tab.isVisible('.claim-filter-empty')) && !(await tab.isVisible('.claim-filter-clear')),
    `clearing shows every claim again (${all[0]} of ${all[1]})`);

  // At phone width the open results do not widen the page.
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await small.goto(`${origin}${BASE}ja/gpu/gfx1201/index.html`);
  // The field is behind the header's search button on a phone.
  await small.click('.search-open');
  await query(small, 'カーネル');
  const results = await small.$eval('[data-search-results]', (p) => { const r = p.getBoundingClientRect(); return [r.left, r.right, r.height]; });
  check(results[0] >= 0 && results[1] <= 390 && results[2] > 100, `phone: the results open under the header, inside the window (${results.map(Math.round).join(', ')})`);
  const widths = await small.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  check(widths[0] <= widths[1], `phone: no horizontal scroll with results open (${widths[0]} ≤ ${widths[1]} px)`);
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  close();
}
process.exit(failures() === 0 ? 0 : 1);
