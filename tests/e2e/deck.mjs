// A slide deck (`layout: slides`) in real headless Chromium, on the built default site served
// under a sub-path: each key and a swipe turn slides, the counter and the address follow, a
// reload and a language switch stay on the slide, the notes dialog opens with N and the button,
// keeps focus inside and closes with Esc; printing gives one 16:9 page per slide (counted with
// `pdfinfo` from poppler-utils); on a phone the controls fit one row and a turned slide starts at
// its top; without JavaScript every slide reads as a section.
// Usage: node deck.mjs SITE_DIR
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node deck.mjs SITE_DIR');
  process.exit(2);
}
const BASE = '/ROCm-pages/';
const DECK = 'gpu/gfx1201/deck/index.html';
const { check, fail, failures } = checks();
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();
const work = mkdtempSync(join(tmpdir(), 'shoko-deck-'));

/** The number of the slide shown, the counter's text and the address's hash. */
async function where(tab) {
  return tab.evaluate(() => {
    const shown = [...document.querySelectorAll('[data-deck] [data-slide]')].filter((s) => !s.hidden);
    return { shown: shown.map((s) => s.id), counter: document.querySelector('.deck-counter')?.textContent, hash: location.hash };
  });
}

/** Until the browser process's current history entry (`Page.getNavigationHistory`, answered
 * by the browser, not the page) matches `pattern`, or five seconds. */
async function settledAddress(tab, pattern) {
  const cdp = await tab.context().newCDPSession(tab);
  for (let waited = 0; waited < 5000; waited += 50) {
    const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
    if (pattern.test(entries[currentIndex]?.url ?? '')) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  await cdp.detach();
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tab = await context.newPage();
  await tab.goto(`${origin}${BASE}en/${DECK}`);
  const total = await tab.$$eval('[data-deck] [data-slide]', (s) => s.length);
  check(total >= 5, `the deck has ${total} slides`);
  let at = await where(tab);
  check(at.shown.length === 1 && at.shown[0] === '1' && at.counter === `1 / ${total}`, `one slide shows, the first (${at.counter})`);
  for (const [key, expected] of [['ArrowRight', 2], [' ', 3], ['PageDown', 4], ['ArrowLeft', 3], ['PageUp', 2], ['End', total], ['Home', 1]]) {
    await tab.keyboard.press(key === ' ' ? 'Space' : key);
    at = await where(tab);
    check(at.shown[0] === String(expected) && at.counter === `${expected} / ${total}` && at.hash === `#${expected}`,
      `${key === ' ' ? 'Space' : key} shows slide ${expected} (counter ${at.counter}, address ${at.hash})`);
  }
  // A swipe to the left turns to the next slide, to the right back.
  const swipe = (dx) => tab.evaluate((dx) => {
    const deck = document.querySelector('[data-deck]');
    const touch = (x) => new Touch({ identifier: 1, target: deck, clientX: x, clientY: 300 });
    deck.dispatchEvent(new TouchEvent('touchstart', { changedTouches: [touch(600)], bubbles: true }));
    deck.dispatchEvent(new TouchEvent('touchend', { changedTouches: [touch(600 + dx)], bubbles: true }));
  }, dx);
  await swipe(-120);
  check((await where(tab)).shown[0] === '2', 'a swipe to the left turns to the next slide');
  await swipe(120);
  check((await where(tab)).shown[0] === '1', 'a swipe to the right turns back');

  // A deep link, a reload and a language switch stay on the slide.
  await tab.goto(`${origin}${BASE}en/${DECK}#4`);
  check((await where(tab)).shown[0] === '4', 'a deep link (#4) opens slide 4');
  await tab.keyboard.press('ArrowRight');
  // The page rewrites its address with `replaceState`; the browser process learns of it by a
  // message of its own, and a reload sent before it arrives reloads `#4` (seen once in CI).
  // The reload waits until the browser process's own history entry has the new address.
  await settledAddress(tab, /#5$/);
  await tab.reload();
  check((await where(tab)).shown[0] === '5', 'a reload stays on slide 5');
  await Promise.all([tab.waitForURL(/\/ja\//), tab.click('a.lang-switch')]);
  at = await where(tab);
  check(tab.url().endsWith(`ja/${DECK}#5`) && at.shown[0] === '5', `switching language stays on slide 5 (${tab.url().split(BASE)[1]})`);

  // An address whose fragment does not percent-decode (`#%`) leaves the deck working: the first
  // slide, and the keys still turn it (decodeURIComponent threw, and the deck stopped).
  await tab.goto('about:blank');
  const errors = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  await tab.goto(`${origin}${BASE}en/${DECK}#%`);
  at = await where(tab);
  check(at.shown.length === 1 && at.shown[0] === '1', `#% opens the first slide (${at.shown})`);
  await tab.keyboard.press('ArrowRight');
  check((await where(tab)).shown[0] === '2' && errors.length === 0, `and the keys still turn it (${errors})`);

  // A link to a heading inside a slide opens that slide.
  await tab.goto(`${origin}${BASE}en/${DECK}`);
  const heading = await tab.$$eval('[data-deck] [data-slide] h2', (hs) => hs[2].id);
  await tab.goto('about:blank');
  await tab.goto(`${origin}${BASE}en/${DECK}#${encodeURIComponent(heading)}`);
  at = await where(tab);
  check(at.shown.length === 1 && at.shown[0] === '4', `a link to a heading in slide 4 (#${heading}) opens slide 4 (${at.shown})`);
  // Space on a summary below the deck opens it and leaves the slide alone.
  await tab.focus('.claims details.cite > summary');
  await tab.keyboard.press('Space');
  const opened = await tab.$eval('.claims details.cite', (d) => d.open);
  check(opened && (await where(tab)).shown[0] === '4', 'Space on a summary below the deck opens it, the slide stays');

  // Speaker notes in a dialog: N opens it, focus stays inside, Esc closes it.
  await tab.goto('about:blank');
  await tab.goto(`${origin}${BASE}en/${DECK}#2`);
  // The deck takes focus once the browser has moved to the anchor.
  await tab.waitForFunction(() => document.activeElement?.matches('[data-deck]'));
  await tab.keyboard.press('n');
  const open = await tab.evaluate(() => document.querySelector('dialog.deck-dialog')?.open);
  const text = await tab.$eval('dialog.deck-dialog', (d) => d.textContent);
  check(open && /misread|unresolved/.test(text), 'N opens the slide\'s notes in a dialog');
  let inside = true;
  for (let i = 0; i < 4; i += 1) {
    await tab.keyboard.press('Tab');
    inside &&= await tab.evaluate(() => Boolean(document.activeElement?.closest('dialog.deck-dialog')) || document.activeElement === document.body);
  }
  check(inside, 'Tab keeps focus inside the dialog');
  await tab.keyboard.press('Escape');
  check(!(await tab.evaluate(() => document.querySelector('dialog.deck-dialog').open)), 'Esc closes the dialog');
  await tab.click('button.deck-notes');
  check(await tab.evaluate(() => document.querySelector('dialog.deck-dialog').open), 'the notes button opens it too');
  await tab.keyboard.press('Escape');

  // Printed, one 16:9 page per slide.
  const pdf = join(work, 'deck.pdf');
  await tab.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const [w, h] = (/Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) || []).slice(1).map(Number);
  check(pages === total, `the PDF has one page per slide (${pages} of ${total})`);
  check(Math.abs(w / h - 16 / 9) < 0.01, `its pages are 16:9 (${w} × ${h} pt)`);

  // On a phone: the controls are one row, the slide starts in the first half of the screen, the
  // page does not scroll sideways, and a slide turned after scrolling down a long one starts at
  // its top, just below the sticky header.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const lang of ['ja', 'en']) {
    const small = await phone.newPage();
    await small.goto(`${origin}${BASE}${lang}/${DECK}`);
    const laid = await small.evaluate(() => {
      const bar = document.querySelector('.deck-bar').getBoundingClientRect();
      const button = document.querySelector('.deck-next').getBoundingClientRect();
      const slide = document.querySelector('[data-slide]:not([hidden])').getBoundingClientRect();
      return { bar: bar.height, button: button.height, slide: slide.top, wide: document.documentElement.scrollWidth };
    });
    check(laid.bar < laid.button * 1.5, `${lang} phone: the controls are one row (${laid.bar} px for ${laid.button} px buttons)`);
    check(laid.slide < 844 / 2, `${lang} phone: the first slide starts ${laid.slide} px down`);
    check(laid.wide <= 390, `${lang} phone: the page is ${laid.wide} px wide`);
    // Down inside the slide: its top is out of view under the header, its bottom on screen.
    await small.evaluate(() => {
      const deck = document.querySelector('[data-deck]').getBoundingClientRect();
      const header = document.querySelector('.site-header').getBoundingClientRect().bottom;
      window.scrollTo(0, window.scrollY + deck.top - header + 200);
    });
    await small.evaluate(() => {
      const deck = document.querySelector('[data-deck]');
      const touch = (x) => new Touch({ identifier: 1, target: deck, clientX: x, clientY: 300 });
      deck.dispatchEvent(new TouchEvent('touchstart', { changedTouches: [touch(300)], bubbles: true }));
      deck.dispatchEvent(new TouchEvent('touchend', { changedTouches: [touch(150)], bubbles: true }));
    });
    const turned = await small.evaluate(() => ({
      hash: location.hash,
      gap: document.querySelector('[data-deck]').getBoundingClientRect().top - document.querySelector('.site-header').getBoundingClientRect().bottom,
    }));
    check(turned.hash === '#2' && turned.gap >= 0 && turned.gap < 40,
      `${lang} phone: a swipe after scrolling down shows slide 2 from its top (${turned.hash}, ${turned.gap} px below the header)`);
    await small.close();
  }
  await phone.close();
  // The narrowest phones: the controls may take two rows, but nothing runs off the screen.
  for (const width of [320, 360]) {
    const narrow = await browser.newContext({ viewport: { width, height: 740 }, hasTouch: true, isMobile: true });
    for (const lang of ['ja', 'en']) {
      const small = await narrow.newPage();
      await small.goto(`${origin}${BASE}${lang}/${DECK}`);
      const fits = await small.evaluate(() => {
        const bar = document.querySelector('.deck-bar').getBoundingClientRect();
        const buttons = [...document.querySelectorAll('.deck-bar > *')].map((b) => b.getBoundingClientRect().right);
        return { wide: document.documentElement.scrollWidth, right: Math.max(...buttons), bar: bar.right };
      });
      check(fits.wide <= width && fits.right <= fits.bar + 0.5,
        `${lang} at ${width} px: the controls stay inside the bar (${Math.round(fits.right)} of ${Math.round(fits.bar)}), the page ${fits.wide} px wide`);
      await small.close();
    }
    await narrow.close();
  }

  // Below the deck, Space scrolls the page as anywhere: no slide turns, the reader stays.
  await tab.goto(`${origin}${BASE}en/${DECK}#1`);
  await tab.evaluate(() => window.scrollTo(0, document.querySelector('[data-deck]').getBoundingClientRect().bottom + window.scrollY + 400));
  await tab.evaluate(() => document.activeElement.blur());
  const below = await tab.evaluate(() => window.scrollY);
  await tab.keyboard.press('Space');
  await tab.waitForTimeout(300);
  const after = await tab.evaluate(() => ({ y: window.scrollY, hash: location.hash }));
  check(after.hash === '#1' && after.y >= below,
    `Space below the deck scrolls the page, not the slides (${after.hash}, ${below} → ${after.y})`);

  // Without JavaScript, every slide reads as a section of the page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const still = await plain.newPage();
  await still.goto(`${origin}${BASE}ja/${DECK}`);
  const visible = await still.$$eval('[data-deck] [data-slide]', (s) => s.filter((e) => e.checkVisibility()).length);
  check(visible === total, `without JavaScript every slide shows (${visible} of ${total})`);
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failures() === 0 ? 0 : 1);
