// Reading aids in real headless Chromium, on a built site that has code blocks (the valid
// fixture), served under a sub-path: each code block has a copy button labelled in the page's
// language that puts the block's text on the clipboard; the page's contents list is open on a
// wide window and closed on a phone, and its links lead to headings that exist.
// Usage: node reading.mjs SITE_DIR
import { resolve } from 'node:path';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node reading.mjs SITE_DIR');
  process.exit(2);
}
const BASE = '/ROCm-pages/';
const { check, fail, failures } = checks();
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const tab = await context.newPage();
  for (const [lang, label, done] of [['en', 'Copy', 'Copied'], ['ja', 'コピー', 'コピーしました']]) {
    await tab.goto(`${origin}${BASE}${lang}/guide/index.html`);
    const buttons = await tab.$$('main .code-box button.copy');
    const blocks = await tab.$$('main pre.code');
    check(buttons.length > 0 && buttons.length === blocks.length, `${lang}: every code block has a copy button (${buttons.length} of ${blocks.length})`);
    check(await buttons[0].textContent() === label, `${lang}: the button reads "${label}"`);
    await buttons[0].click();
    await tab.waitForFunction((text) => document.querySelector('main .code-box button.copy').textContent === text, done);
    const copied = await tab.evaluate(() => navigator.clipboard.readText());
    const code = await tab.evaluate(() => document.querySelector('main pre.code').textContent);
    check(copied === code && code.length > 0, `${lang}: the clipboard holds the block's text (${code.length} characters)`);
  }
  for (const page of ['en/guide/index.html', 'ja/guide/index.html']) {
    await tab.goto(`${origin}${BASE}${page}`);
    const toc = await tab.$('details.toc');
    if (!toc) {
      check(false, `${page}: has a contents list`);
      continue;
    }
    check(await toc.evaluate((d) => d.open), `${page}: the contents list is open on a wide window`);
    const missing = await tab.$$eval('details.toc a', (links) => links
      .map((a) => decodeURIComponent(a.getAttribute('href').slice(1)))
      .filter((id) => !document.getElementById(id)));
    check(missing.length === 0, `${page}: every entry leads to a heading on the page${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`);
  }
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true });
  const small = await phone.newPage();
  await small.goto(`${origin}${BASE}en/guide/index.html`);
  check(await small.$eval('details.toc', (d) => !d.open), 'phone: the contents list starts closed');
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  close();
}
process.exit(failures() === 0 ? 0 : 1);
