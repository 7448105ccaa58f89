// The header in real headless Chromium, as readers meet it on every width: one row on a phone
// (the menu holds the navigation and the theme; search opens over the row), a second line for
// the navigation from 768 px; a jump to any anchor (a heading, a claim card, a question, the
// contents list's links) stops just under it, in both languages, at 320, 390, 768, 1024, 1280 and
// 1920 px, with scripts off too and from file://; the theme button goes round system → light →
// dark and is remembered; the contents rail on a wide window marks the section being read.
// Usage: node header.mjs SITE_DIR
import { resolve, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node header.mjs SITE_DIR');
  process.exit(2);
}
const BASE = '/ROCm-pages/';
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch(['--allow-file-access-from-files']);
const { check, failures } = checks();

// Where `id` stands against the header after a jump: its top minus the header's bottom.
async function landing(tab, url, id) {
  await tab.goto(url);
  // Let the browser finish the jump.
  await tab.waitForTimeout(150);
  return tab.evaluate((target) => {
    const header = document.querySelector('.site-header').getBoundingClientRect();
    const el = document.getElementById(target).getBoundingClientRect();
    const bottom = document.documentElement.scrollHeight - innerHeight - scrollY < 2;
    return { gap: el.top - header.bottom, header: header.height, bottom };
  }, id);
}

try {
  for (const lang of ['ja', 'en']) {
    const page = `${lang}/gpu/gfx942/index.html`;
    // The anchors of the page: its contents' headings, a claim card and a question.
    const probe = await browser.newPage();
    await probe.goto(`${origin}${BASE}${page}`);
    const ids = await probe.evaluate(() => {
      const headings = [...document.querySelectorAll('main h2[id], main h3[id]')].map((h) => h.id);
      const card = document.querySelector('main [id^="claim-"]');
      const question = document.querySelector('main [id^="q-"]');
      return [headings[2], headings[Math.floor(headings.length / 2)], card && card.id, question && question.id].filter(Boolean);
    });
    await probe.close();
    check(ids.length === 4, `${lang}: a heading, another, a card and a question to jump to (${ids.join(', ')})`);
    for (const width of [320, 390, 768, 1024, 1280, 1920]) {
      for (const javaScriptEnabled of [true, false]) {
        const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
        const tab = await context.newPage();
        const rows = await tab.goto(`${origin}${BASE}${page}`).then(() => tab.evaluate(() => {
          const header = document.querySelector('.site-header');
          const wanted = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
          return { height: header.getBoundingClientRect().height, padding: wanted, overflow: header.scrollHeight > header.clientHeight + 1 };
        }));
        const label = `${lang} ${width} px${javaScriptEnabled ? '' : ' (no script)'}`;
        check(!rows.overflow && rows.padding > rows.height && rows.padding < rows.height + 24,
          `${label}: the header (${Math.round(rows.height)} px) holds its content, and jumps stop ${Math.round(rows.padding)} px down`);
        if (width === 390) {
          check(rows.height <= 60, `${label}: on a phone the header is one row (${Math.round(rows.height)} px)`);
        }
        for (const id of ids) {
          const at = await landing(tab, `${origin}${BASE}${page}#${encodeURIComponent(id)}`, id);
          // At the end of the page a target may sit lower: the page cannot scroll further.
          check(at.gap >= 0 && (at.gap <= 24 || at.bottom), `${label}: #${id} lands ${Math.round(at.gap)} px under the header`);
        }
        await context.close();
      }
    }
    // From disk too.
    const disk = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const tab = await disk.newPage();
    const url = pathToFileURL(join(siteDir, page)).href;
    const at = await landing(tab, `${url}#${encodeURIComponent(ids[2])}`, ids[2]);
    check(at.gap >= 0 && at.gap <= 24, `${lang} file:// phone: #${ids[2]} lands ${Math.round(at.gap)} px under the header`);
    await disk.close();
  }

  // The phone's header: the menu opens the navigation (and a link in it works), search opens
  // over the row and closes with Escape, the theme is in the menu.
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
  const tab = await phone.newPage();
  await tab.goto(`${origin}${BASE}en/gpu/gfx1201/index.html`);
  check(!(await tab.isVisible('.site-nav')), 'phone: the navigation line is not shown');
  check(await tab.isVisible('.site-menu > summary'), 'phone: the menu button is');
  const tap = await tab.$eval('.site-menu > summary', (b) => { const r = b.getBoundingClientRect(); return [r.width, r.height]; });
  check(tap[0] >= 44 && tap[1] >= 44, `phone: the menu button is a 44 px target (${tap.join('×')})`);
  await tab.click('.site-menu > summary');
  const links = await tab.$$eval('.site-menu-panel a', (as) => as.filter((a) => a.checkVisibility()).map((a) => a.getBoundingClientRect().height));
  check(links.length >= 5 && links.every((h) => h >= 44), `phone: the menu shows the navigation, each link a 44 px target (${links.length})`);
  check(await tab.isVisible('.menu-theme'), 'phone: the theme button is in the menu');
  await Promise.all([tab.waitForURL(/\/en\/glossary\//), tab.click('.site-menu-panel a[href*="glossary"]')]);
  check(true, 'phone: a link in the menu opens its page');
  check(await tab.$eval('#search-input', (i) => i.placeholder) === 'Search', 'phone: the search field names no key on a touch screen');
  check(!(await tab.isVisible('#search-input')), 'phone: the search field waits behind its button');
  await tab.click('.search-open');
  check(await tab.isVisible('#search-input') && await tab.evaluate(() => document.activeElement.id === 'search-input'),
    'phone: the search button opens the field, focused');
  const still = await tab.$eval('.site-header', (h) => h.getBoundingClientRect().height);
  check(still <= 60, `phone: the header keeps its height while searching (${Math.round(still)} px)`);
  await tab.keyboard.press('Escape');
  check(!(await tab.isVisible('#search-input')), 'phone: Escape closes the field');
  // Touch: a glossed term's first tap shows its gloss, the second opens the glossary; the
  // change log is one card per change; the claims index's chips and a deck's buttons are 44 px
  // targets; a deck turns sideways swipes into slides, never into the browser's Back.
  await tab.goto(`${origin}${BASE}en/gpu/gfx1201/index.html`);
  const term = tab.locator('main a.term').first();
  await term.scrollIntoViewIfNeeded();
  await term.tap();
  const glossShown = await tab.evaluate(() => {
    const gloss = document.querySelector('main .termed.open .gloss');
    return gloss ? gloss.getBoundingClientRect().width > 10 : false;
  });
  check(glossShown && tab.url().includes('/gpu/gfx1201/'), 'phone: the first tap on a term shows its gloss, and stays');
  await Promise.all([tab.waitForURL(/glossary/), term.tap()]);
  check(true, 'phone: the second tap opens the glossary');
  await tab.goto(`${origin}${BASE}ja/changes/index.html`);
  const cards = await tab.$$eval('table.changes tr', (rows) => rows.slice(1, 4).map((r) => getComputedStyle(r).display));
  const wide = await tab.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
  check(cards.length > 0 && cards.every((d) => d === 'block') && wide, `phone: the change log is cards, no sideways scroll (${cards.join(', ')})`);
  await tab.goto(`${origin}${BASE}en/claims/index.html`);
  const chips = await tab.$$eval('.claim-filters button', (bs) => bs.filter((b) => b.checkVisibility()).map((b) => b.getBoundingClientRect().height));
  check(chips.length > 0 && chips.every((h) => h >= 44), `phone: the index's filter chips are 44 px targets (${Math.min(...chips)} px at least)`);
  await tab.goto(`${origin}${BASE}en/gpu/gfx1201/deck/index.html`);
  await tab.waitForSelector('.deck-button');
  const deck = await tab.evaluate(() => ({
    buttons: [...document.querySelectorAll('.deck-button')].filter((b) => b.checkVisibility()).map((b) => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); }),
    touch: getComputedStyle(document.querySelector('.deck')).touchAction,
    overscroll: getComputedStyle(document.documentElement).overscrollBehaviorX,
  }));
  check(deck.buttons.every((x) => x >= 44), `phone: a deck's buttons are 44 px targets (${Math.min(...deck.buttons)} px at least)`);
  check(deck.touch.includes('pan-y') && deck.overscroll === 'none', `phone: a deck keeps sideways swipes for itself (${deck.touch}; ${deck.overscroll})`);
  await phone.close();

  // The theme: system by default; the button goes light → dark → system and is remembered.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await desk.newPage();
  await page.goto(`${origin}${BASE}ja/index.html`);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor === 'rgba(0, 0, 0, 0)'
    ? getComputedStyle(document.documentElement).backgroundColor : getComputedStyle(document.body).backgroundColor);
  const dark = await bg();
  await page.click('.site-header-row > .theme-toggle');
  const light = await bg();
  check(light !== dark, `the theme button chooses light over the system's dark (${dark} → ${light})`);
  await page.reload();
  check(await bg() === light && await page.getAttribute('html', 'data-theme') === 'light', 'the choice is remembered');
  await page.click('.site-header-row > .theme-toggle');
  check(await page.getAttribute('html', 'data-theme') === 'dark' && await bg() === dark, 'then dark');
  await page.click('.site-header-row > .theme-toggle');
  check(await page.getAttribute('html', 'data-theme') === null && await bg() === dark, 'then the system\'s again');
  // Focus in the header does not move the page (a sticky header with the anchors' padding would).
  await page.goto(`${origin}${BASE}ja/gpu/gfx1201/index.html`);
  await page.evaluate(() => window.scrollTo(0, 1500));
  const moved = await page.evaluate(() => { const y = scrollY; document.querySelector('.lang-switch').focus(); return [y, scrollY]; });
  check(moved[0] === moved[1], `focus on the language switch leaves the page where it was (${moved.join(' → ')})`);
  const label = await page.getAttribute('.site-header-row > .theme-toggle', 'aria-label');
  check(/システム/.test(label || ''), `the button says which is in use, in the page's language (${label})`);

  // The contents rail on a wide window marks the section being read.
  await page.goto(`${origin}${BASE}en/gpu/gfx1201/index.html`);
  check(await page.isVisible('.toc-rail') && !(await page.isVisible('main .toc')), '1280 px: the contents are a rail, not a box');
  const target = await page.$$eval('.toc-rail a', (as) => as[3].getAttribute('href'));
  await page.click(`.toc-rail a[href="${target}"]`);
  await page.waitForFunction((href) => document.querySelector('.toc-rail a[aria-current="true"]')?.getAttribute('href') === href, target, { timeout: 5000 })
    .then(() => check(true, `the rail marks the section jumped to (${target})`), () => check(false, `the rail marks ${target}`));
  const railTop = await page.$eval('.toc-rail', (r) => r.getBoundingClientRect().top);
  check(railTop >= 0 && railTop < 200, `the rail stays in view (${Math.round(railTop)} px)`);
  await desk.close();
} finally {
  await browser.close();
  close();
}
if (failures() > 0) {
  console.error(`${failures()} header check(s) failed`);
  process.exit(1);
}
