// The built site in real headless Chromium (Debian's /usr/bin/chromium), as readers meet it:
// served under a sub-path (/ROCm-pages/) by a plain static server (python3 -m http.server) and
// opened from disk (file://). Checks: switching language lands on the same section of the same
// page and is remembered; the root page picks the remembered language (else the browser's);
// click-to-enlarge opens the full image; every internal link resolves both ways; keyboard-only
// navigation reaches the language switcher and every link.
// Usage: node site.mjs SITE_DIR
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node site.mjs SITE_DIR');
  process.exit(2);
}
const BASE = '/ROCm-pages/';
const { origin, close } = await serveUnder(siteDir, BASE);

const browser = await launch(['--allow-file-access-from-files']);
const { check, fail, failures } = checks();

// Every internal link of `url` (in `tab`) resolves to a page or file that loads.
async function linksResolve(tab, url, label) {
  await tab.goto(url);
  // The site's icon too: a page without one makes the browser ask for /favicon.ico (a 404).
  check(await tab.$('link[rel=icon]') !== null, `${label}: the page names the site's icon`);
  const hrefs = await tab.$$eval('a[href], link[rel=stylesheet], link[rel=icon], script[src], img[src]', (els) => els
    .map((e) => e.href || e.src)
    .filter((h) => h.startsWith(location.protocol) && !h.startsWith('http') || h.startsWith(location.origin)));
  const broken = [];
  for (const href of new Set(hrefs.map((h) => h.split('#')[0]))) {
    if (href.startsWith('file:')) {
      if (!existsSync(fileURLToPath(href))) broken.push(href);
    } else {
      const res = await tab.context().request.get(href);
      if (!res.ok()) broken.push(`${href} (${res.status()})`);
    }
  }
  check(broken.length === 0, `${label}: ${hrefs.length} links and assets resolve${broken.length ? `; broken: ${broken.join(', ')}` : ''}`);
}

try {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1000, height: 700 } });
  const tab = await context.newPage();

  // Language switch keeps the section and is remembered.
  await tab.goto(`${origin}${BASE}ja/gpu/gfx1201/index.html`);
  const map = JSON.parse(await tab.getAttribute('a[data-lang]', 'data-anchors'));
  const entries = Object.entries(map);
  const [jaId, enId] = entries[Math.floor(entries.length / 2)];
  await tab.evaluate((id) => document.getElementById(id).scrollIntoView(), jaId);
  await tab.click('a[data-lang]');
  await tab.waitForURL(/\/en\/gpu\/gfx1201\//);
  const hash = decodeURIComponent(new URL(tab.url()).hash.slice(1));
  check(hash === enId, `switching ja → en lands on the same section (#${jaId} → #${hash})`);
  const top = await tab.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top, enId);
  check(top !== undefined && top >= 0 && top < 200, `the section is at the top of the window, below the header (${Math.round(top)} px)`);
  check(await tab.evaluate(() => localStorage.getItem('shoko-lang')) === 'en', 'the choice (en) is remembered');

  // A generated page keeps the section (its IDs are the same in both languages), and the claims
  // index keeps its filters; a claim a filter hides is not taken for the reader's place.
  await tab.goto(`${origin}${BASE}en/questions/index.html#gfx942`);
  await tab.click('a[data-lang]');
  await tab.waitForURL(/\/ja\/questions\//);
  check(new URL(tab.url()).hash === '#gfx942', `switching on the open-questions page keeps #gfx942 (${new URL(tab.url()).hash})`);
  await tab.goto(`${origin}${BASE}en/claims/index.html?class=limited`);
  await tab.waitForSelector('.claim-index > li[hidden]', { state: 'attached' });
  await tab.click('a[data-lang]');
  await tab.waitForURL(/\/ja\/claims\//);
  const switched = new URL(tab.url());
  check(switched.search === '?class=limited' && switched.hash === '',
    `switching on a filtered claims index keeps the filter and the top of the page (${switched.search}${switched.hash})`);

  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true });
  const small = await phone.newPage();
  // A gloss opened on a phone stays inside the window, wherever its term is on the line.
  await small.goto(`${origin}${BASE}en/gpu/gfx1201/index.html`);
  const terms = await small.$$('main a.term');
  check(terms.length > 0, `phone: the page has glossed terms (${terms.length})`);
  for (const term of terms) {
    await term.hover();
    const box = await term.evaluate((a) => {
      const gloss = a.nextElementSibling.getBoundingClientRect();
      return { left: gloss.left, right: gloss.right, page: document.documentElement.scrollWidth, width: innerWidth };
    });
    check(box.left >= 0 && box.right <= box.width && box.page <= box.width,
      `phone: a gloss stays in the window (${Math.round(box.left)}–${Math.round(box.right)} of ${box.width}, page ${box.page})`);
  }
  await small.goto(`${origin}${BASE}en/gpu/gfx1201/index.html`);
  // The trail shows the way up alone: the parent, not four wrapped lines of ancestors.
  const trail = await small.$$eval('.breadcrumbs li', (items) => items.filter((li) => li.getBoundingClientRect().width > 1).map((li) => li.textContent.trim()));
  check(trail.length === 1 && trail[0].includes('GPU'), `phone: the breadcrumbs show the parent alone (${JSON.stringify(trail)})`);
  await phone.close();
  // The checks above switched to Japanese; the reader below is the English one from before.
  await tab.evaluate(() => localStorage.setItem('shoko-lang', 'en'));

  // The root page picks the remembered language, else the browser's.
  await tab.goto(`${origin}${BASE}`);
  await tab.waitForURL(/\/en\/index\.html$/);
  check(true, 'the root page sends a returning English reader to en/');
  await tab.goto(`${origin}${BASE}en/index.html`);
  await tab.click('a[data-lang]');
  await tab.waitForURL(/\/ja\//);
  await tab.goto(`${origin}${BASE}`);
  await tab.waitForURL(/\/ja\/index\.html$/);
  check(true, 'after switching to ja, the root page sends the reader to ja/');
  const fresh = await browser.newContext({ locale: 'ja-JP' });
  const jaTab = await fresh.newPage();
  await jaTab.goto(`${origin}${BASE}`);
  await jaTab.waitForURL(/\/ja\/index\.html$/);
  check(true, 'a first visit with a Japanese browser lands on ja/');
  await fresh.close();

  // Click-to-enlarge: the link names the figure's file (what opens without the script), and
  // the viewer shows it (figures.mjs checks the viewer itself).
  await tab.goto(`${origin}${BASE}en/index.html`);
  const full = await tab.getAttribute('a.enlarge', 'href');
  const response = await tab.context().request.get(new URL(full, tab.url()).href);
  const type = response.headers()['content-type'];
  check(response.ok() && /^image\//.test(type || ''), `click-to-enlarge names ${full} (${type})`);
  await tab.click('a.enlarge');
  await tab.waitForFunction(() => document.querySelector('dialog.viewer')?.open && document.querySelector('.viewer-stage img').naturalWidth > 0);
  check(true, 'click-to-enlarge opens the figure in the viewer');
  await tab.keyboard.press('Escape');

  // Every internal link and asset resolves under the sub-path and from disk.
  for (const page of ['index.html', 'ja/index.html', 'en/index.html', 'en/gpu/gfx1201/index.html', 'ja/claims/index.html']) {
    await linksResolve(tab, `${origin}${BASE}${page}`, `served ${BASE}${page}`);
  }
  const disk = await context.newPage();
  for (const page of ['en/index.html', 'ja/gpu/gfx1201/index.html']) {
    await linksResolve(disk, pathToFileURL(join(siteDir, page)).href, `from disk ${page}`);
  }
  await disk.goto(pathToFileURL(join(siteDir, 'en/index.html')).href);
  const styled = await disk.evaluate(() => getComputedStyle(document.querySelector('.site-header')).position === 'fixed');
  check(styled, 'from disk the stylesheet applies');
  await disk.click('.site-nav a[href*="claims"]');
  check(disk.url().endsWith('/en/claims/index.html'), `from disk the navigation works (${disk.url().split('/site').pop()})`);

  // Keyboard only: Tab reaches the switcher and every visible link.
  for (const page of ['en/index.html', 'ja/gpu/gfx1201/index.html']) {
    await tab.goto(`${origin}${BASE}${page}`);
    // Visible links: not those of a closed menu (`checkVisibility` sees into closed details).
    const links = await tab.$$eval('a[href]', (els) => els.filter((e) => e.checkVisibility()).length);
    // Every element that takes a Tab stop (links, summaries of details, buttons, …) once, and some.
    const stops = await tab.$$eval('a[href], summary, button, input, select, textarea, [tabindex]', (els) => els.length);
    const reached = new Set();
    let switcher = false;
    for (let i = 0; i < stops + 10; i += 1) {
      await tab.keyboard.press('Tab');
      const info = await tab.evaluate(() => {
        const el = document.activeElement;
        if (!el || el.tagName !== 'A') return null;
        if (!el.dataset.shokoSeen) el.dataset.shokoSeen = String(Math.random());
        return { id: el.dataset.shokoSeen, lang: el.hasAttribute('data-lang') };
      });
      if (info) {
        reached.add(info.id);
        switcher ||= info.lang;
      }
    }
    check(switcher, `${page}: Tab reaches the language switcher`);
    check(reached.size >= links, `${page}: Tab reaches every link (${reached.size} of ${links})`);
  }
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  close();
}
process.exit(failures() === 0 ? 0 : 1);
