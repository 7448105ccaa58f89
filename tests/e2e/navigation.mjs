// The section tree in real headless Chromium, on the built default site served under a sub-path:
// on a wide window it sits beside the page, open, with the current page marked and the branch
// to it opened; on a phone it is a closed menu that the keyboard alone opens and follows; no
// page scrolls sideways at phone width.
// Usage: node navigation.mjs SITE_DIR
import { resolve } from 'node:path';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node navigation.mjs SITE_DIR');
  process.exit(2);
}
const BASE = '/ROCm-pages/';
const PAGES = ['gpu/gfx1201/index.html', 'components/rocblas/index.html', 'index.html', 'claims/index.html'];
const { check, fail, failures } = checks();
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();
try {
  const wide = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await wide.newPage();
  for (const lang of ['en', 'ja']) {
    const page = `${lang}/gpu/gfx1201/index.html`;
    await tab.goto(`${origin}${BASE}${page}`);
    const tree = await tab.$('nav.sidebar details.sidebar-tree');
    check(tree && await tree.evaluate((d) => d.open), `${page}: the section tree is open on a wide window`);
    check(await tab.$eval('nav.sidebar summary', (s) => getComputedStyle(s).display === 'none'), `${page}: its menu button is hidden there`);
    const box = await tab.$eval('nav.sidebar', (n) => n.getBoundingClientRect().toJSON());
    const main = await tab.$eval('main', (m) => m.getBoundingClientRect().toJSON());
    check(box.right <= main.left && box.width > 150, `${page}: the tree sits beside the page (tree ${Math.round(box.left)}–${Math.round(box.right)} px, page from ${Math.round(main.left)} px)`);
    const current = await tab.$$eval('nav.sidebar a[aria-current="page"]', (links) => links.map((a) => a.href));
    check(current.length === 1 && current[0] === tab.url(), `${page}: the tree marks exactly the current page (${current.join(', ')})`);
    const branch = await tab.$$eval('nav.sidebar li.open > a', (links) => links.map((a) => new URL(a.href).pathname));
    check(branch.length === 2 && branch[0].endsWith(`/${lang}/gpu/index.html`), `${page}: the branch to it is opened (${branch.join(' › ')})`);
    const siblings = await tab.$$eval('nav.sidebar li.open > ul > li > a', (links) => links.length);
    check(siblings >= 3, `${page}: the pages beside it are listed (${siblings})`);
  }
  // A generated page shows the first level, nothing marked current.
  await tab.goto(`${origin}${BASE}en/claims/index.html`);
  check(await tab.$$eval('nav.sidebar li.depth-1', (l) => l.length) >= 3, 'en/claims/: the tree shows the sections');
  check(await tab.$$eval('nav.sidebar [aria-current]', (l) => l.length) === 0, 'en/claims/: no tree entry is current');

  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  for (const lang of ['en', 'ja']) {
    for (const page of PAGES) {
      await small.goto(`${origin}${BASE}${lang}/${page}`);
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 0, `phone ${lang}/${page}: no sideways scroll (${overflow} px over)`);
    }
  }
  const start = `${origin}${BASE}en/gpu/gfx1201/index.html`;
  await small.goto(start);
  check(await small.$eval('details.sidebar-tree', (d) => !d.open), 'phone: the menu starts closed');
  // Keyboard only: Tab to the menu, open it, Tab into it and follow a link.
  let reached = false;
  for (let i = 0; i < 30 && !reached; i++) {
    await small.keyboard.press('Tab');
    reached = await small.evaluate(() => document.activeElement?.matches('details.sidebar-tree > summary'));
  }
  check(reached, 'phone: Tab reaches the menu');
  await small.keyboard.press('Enter');
  check(await small.$eval('details.sidebar-tree', (d) => d.open), 'phone: Enter opens the menu');
  await small.keyboard.press('Tab');
  const target = await small.evaluate(() => document.activeElement?.closest('nav.sidebar') ? document.activeElement.href : null);
  check(Boolean(target), `phone: the next Tab stop is a page of the menu (${target})`);
  if (target) {
    await Promise.all([small.waitForURL(target), small.keyboard.press('Enter')]);
    check(small.url() === target, 'phone: Enter follows it');
  }
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  close();
}
process.exit(failures() === 0 ? 0 : 1);
