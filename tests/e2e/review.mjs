// Evidence that ages, as readers meet it, in headless Chromium: on a page whose claims rest on a
// premise that was weakened, each such card shows "needs review" beside its class (visible, in
// the accessibility tree) with the chain of premises as links that lead to a card; the page
// counts them; the evidence page lists them.
// Usage: node review.mjs SITE_DIR (a build of tests/fixtures/invalid/claim/needs-review).
import { checks, launch } from './browser.mjs';
import { serve } from './serve.mjs';

const [siteDir] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node review.mjs SITE_DIR');
  process.exit(2);
}
const { check, fail, failures } = checks();

const server = await serve(siteDir);
const browser = await launch();
try {
  const tab = await browser.newPage();
  await tab.goto(`${server.url}en/index.html`);
  const badge = tab.locator('article.claim .badge-review').first();
  check(await badge.isVisible(), 'en: a card shows the needs-review mark');
  const tree = await tab.locator('main').ariaSnapshot();
  check(tree.includes('Needs review'), 'en: the mark is in the accessibility tree');
  const summary = await tab.locator('.evidence-summary .badge-review').count();
  check(summary === 1, 'en: the page counts the claims that need review');
  const link = tab.locator('article.claim dd.review a').first();
  const href = await link.getAttribute('href');
  await link.click();
  const anchor = href.split('#')[1];
  check(await tab.locator(`#${anchor}`).count() === 1, `en: the chain's link leads to the premise (#${anchor})`);
  await tab.goto(`${server.url}en/evidence/index.html`);
  check(await tab.locator('.review-list li, .review-list tr').count() > 0, 'en: the evidence page lists them');
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  server.close();
}
process.exit(failures() === 0 ? 0 : 1);
