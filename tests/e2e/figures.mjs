// Figures in real headless Chromium: an SVG figure shows the text of the page's language only
// (made at build time from one source), its colours follow the theme in use (the system's, or
// the one chosen with the header's button), and on a phone it opens in a viewer that zooms and
// pans by touch and by keyboard.
// Usage: node figures.mjs SITE_DIR
import { resolve } from 'node:path';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node figures.mjs SITE_DIR');
  process.exit(2);
}
const BASE = '/ROCm-pages/';
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();
const { check, failures } = checks();
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

// The figure image the page shows (the one not hidden), and the text of its file.
async function shown(tab) {
  const src = await tab.evaluate(() => {
    const img = [...document.querySelectorAll('main a.enlarge img')].find((i) => i.getClientRects().length > 0);
    return img ? img.currentSrc || img.src : null;
  });
  const text = src ? await (await tab.context().request.get(src)).text() : '';
  return { src, text };
}

try {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    for (const lang of ['ja', 'en']) {
      await tab.goto(`${origin}${BASE}${lang}/index.html`);
      const figure = await shown(tab);
      const japanese = JAPANESE.test(figure.text.replace(/<!--[\s\S]*?-->/g, ''));
      check(figure.src && (lang === 'ja' ? japanese && !figure.text.includes('observes') : !japanese),
        `${colorScheme} ${lang}: the figure speaks the page's language (${figure.src && figure.src.split('/').pop()})`);
      check(figure.src && figure.src.endsWith(colorScheme === 'dark' ? '.dark.svg' : `.${lang}.svg`),
        `${colorScheme} ${lang}: the figure's colours are the system's scheme's`);
    }
    // The theme chosen on the page wins over the system's.
    await tab.goto(`${origin}${BASE}en/index.html`);
    const choice = colorScheme === 'dark' ? 'light' : 'dark';
    while (await tab.getAttribute('html', 'data-theme') !== choice) {
      await tab.click('.site-header-row > .theme-toggle');
    }
    const chosen = await shown(tab);
    check(chosen.src.endsWith(choice === 'dark' ? '.dark.svg' : '.en.svg'), `${colorScheme} system, ${choice} chosen: the figure follows the choice (${chosen.src.split('/').pop()})`);
    const background = chosen.text.match(/<rect width="720" height="250" fill="(#[0-9a-f]{6})"/i);
    check(background && (choice === 'dark') === (parseInt(background[1].slice(1, 3), 16) < 0x40), `the ${choice} version's background is ${background && background[1]}`);
    await context.close();
  }

  // A phone: the figure opens in a viewer that zooms and pans, by touch and by keyboard.
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  const tab = await phone.newPage();
  await tab.goto(`${origin}${BASE}ja/index.html`);
  const link = tab.locator('main a.enlarge').first();
  await link.scrollIntoViewIfNeeded();
  await link.tap();
  await tab.waitForFunction(() => document.querySelector('dialog.viewer')?.open && document.querySelector('.viewer-stage img').naturalWidth > 0);
  const opened = await tab.evaluate(() => ({
    src: document.querySelector('.viewer-stage img').src,
    focus: document.activeElement.className,
    level: document.querySelector('.viewer-button[data-action="fit"]').textContent,
    width: document.querySelector('.viewer-stage img').getBoundingClientRect().width,
  }));
  check(opened.src.endsWith('.ja.svg') && opened.focus === 'viewer-stage' && opened.level === '100%',
    `phone: a tap opens the figure in the viewer, fitted, the stage focused (${opened.src.split('/').pop()}, ${opened.level})`);
  const transform = () => tab.$eval('.viewer-stage img', (i) => i.style.transform);
  const before = await transform();
  await tab.keyboard.press('+');
  await tab.keyboard.press('+');
  const zoomed = await tab.$eval('.viewer-button[data-action="fit"]', (b) => b.textContent);
  check(parseInt(zoomed, 10) > 100, `the + key zooms in (${zoomed})`);
  const beforePan = await transform();
  await tab.keyboard.press('ArrowRight');
  check(await transform() !== beforePan, 'an arrow key moves the figure');
  // A pinch: two fingers spreading apart.
  await tab.keyboard.press('0');
  const cdp = await phone.newCDPSession(tab);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  await touch('touchStart', [[170, 400], [220, 400]]);
  for (const d of [40, 70, 100, 130]) {
    await touch('touchMove', [[195 - d, 400], [195 + d, 400]]);
  }
  await touch('touchEnd', []);
  const pinched = await tab.$eval('.viewer-button[data-action="fit"]', (b) => b.textContent);
  check(parseInt(pinched, 10) > 150, `a pinch zooms in (${pinched})`);
  check(before !== await transform(), 'the view changed');
  await tab.keyboard.press('Escape');
  check(!(await tab.$eval('dialog.viewer', (d) => d.open)), 'Escape closes the viewer');
  await phone.close();
} finally {
  await browser.close();
  close();
}
if (failures() > 0) {
  console.error(`${failures()} figure check(s) failed`);
  process.exit(1);
}
