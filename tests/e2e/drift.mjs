// Translation drift as readers meet it, in headless Chromium: on the English page of a site whose
// Japanese paragraph was revised after the English one, the notice is visible, sits in the
// accessibility tree (so screen readers read it), gives the revision date and precedes the
// behind paragraph; the Japanese page shows none; the translation status page lists the pair.
// Usage: node drift.mjs SITE_DIR (a build of tests/fixtures/invalid/i18n/translation-drift made
// into a repository, as run.sh does).
import { checks, launch } from './browser.mjs';
import { serve } from './serve.mjs';

const [siteDir] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node drift.mjs SITE_DIR');
  process.exit(2);
}
const { check, fail, failures } = checks();

const server = await serve(siteDir);
const browser = await launch();
try {
  const tab = await browser.newPage();
  await tab.goto(`${server.url}en/index.html`);
  const notice = tab.locator('.drift .drift-notice').first();
  check(await notice.isVisible(), 'en: the drift notice is visible');
  const tree = await tab.locator('main').ariaSnapshot();
  check(tree.includes('The Japanese text was revised'), 'en: the notice is in the accessibility tree');
  check(/\d{4}-\d{2}-\d{2}/.test(await notice.innerText()), 'en: the notice gives the revision date');
  const order = await tab.evaluate(() => {
    const drift = document.querySelector('.drift');
    const kids = [...drift.children];
    return kids.findIndex((e) => e.classList.contains('drift-notice')) < kids.findIndex((e) => e.textContent.includes('gfx1201'));
  });
  check(order, 'en: the notice comes before the paragraph it is about');
  await tab.goto(`${server.url}ja/index.html`);
  check(await tab.locator('.drift-notice').count() === 0, 'ja: the revised side has no notice');
  await tab.goto(`${server.url}en/translations/index.html`);
  check(await tab.locator('.translation-status li').count() > 0, 'en: the status page lists the page behind');
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  server.close();
}
process.exit(failures() === 0 ? 0 : 1);
