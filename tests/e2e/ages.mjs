// Evidence that ages, as readers meet it, in headless Chromium.
// - Translation drift (a build of tests/fixtures/invalid/i18n/translation-drift made into a
//   repository, as run.sh does): on the English page, whose Japanese paragraph was revised after
//   it, the notice is visible, sits in the accessibility tree (so screen readers read it), gives
//   the revision date and precedes the behind paragraph; the Japanese page shows none; the
//   translation status page, in both languages, lists the pair with the language behind, the one
//   revised and the date, and links to the page.
// - Needs review (a build of tests/fixtures/invalid/claim/needs-review): each card resting on a
//   weakened premise shows the mark beside its class (visible, in the accessibility tree) with
//   the chain of premises as links that lead to a card; the page counts them; the evidence page
//   lists them.
// - Upstream (a build of tests/fixtures/invalid/source/upstream-changed beside its clone): the
//   card's notice is visible, announced, dated, and links the comparison of the two commits.
// Usage: node ages.mjs DRIFT_SITE_DIR REVIEW_SITE_DIR UPSTREAM_SITE_DIR
import { checks, launch } from './browser.mjs';
import { serve } from './serve.mjs';

const [driftDir, reviewDir, upstreamDir] = process.argv.slice(2);
if (!driftDir || !reviewDir || !upstreamDir) {
  console.error('usage: node ages.mjs DRIFT_SITE_DIR REVIEW_SITE_DIR UPSTREAM_SITE_DIR');
  process.exit(2);
}
const { check, fail, failures } = checks();
const browser = await launch();

/** Serve `dir` and run `visit(tab, server)` on a new tab. */
async function visiting(dir, visit) {
  const server = await serve(dir);
  try {
    await visit(await browser.newPage(), server);
  } catch (e) {
    console.error(e);
    fail();
  } finally {
    server.close();
  }
}

await visiting(driftDir, async (tab, server) => {
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
  for (const [lang, behind, revised] of [['en', 'English', 'Japanese revised'], ['ja', '英語', '日本語の改訂']]) {
    await tab.goto(`${server.url}${lang}/translations/index.html`);
    const row = tab.locator('.translation-status > li').first();
    const text = await row.innerText();
    check(text.includes(behind) && text.includes(revised), `${lang}: the status row names the language behind and the one revised`);
    check(/\d{4}-\d{2}-\d{2}/.test(text), `${lang}: the status row dates the revision`);
    await row.locator('a').first().click();
    await tab.waitForLoadState();
    check(new URL(tab.url()).pathname.replace(/index\.html$/, '').endsWith(`/${lang}/`), `${lang}: the status row leads to the page (${tab.url()})`);
  }
});
await visiting(reviewDir, async (tab, server) => {
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
});
await visiting(upstreamDir, async (tab, server) => {
  for (const [lang, words] of [['en', 'changed upstream'], ['ja', '上流で変更']]) {
    await tab.goto(`${server.url}${lang}/index.html`);
    const notice = tab.locator('article.claim .upstream-notice').first();
    check(await notice.isVisible(), `${lang}: the card shows the upstream notice`);
    const tree = await tab.locator('main').ariaSnapshot();
    check(tree.includes(words), `${lang}: the notice is in the accessibility tree`);
    check(/\d{4}-\d{2}-\d{2}/.test(await notice.innerText()), `${lang}: the notice gives the date`);
    const compare = await notice.locator('a').getAttribute('href');
    check(/^https:\/\/github\.com\/ROCm\/rocBLAS\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/.test(compare), `${lang}: it links the comparison (${compare})`);
  }
});
await browser.close();
process.exit(failures() === 0 ? 0 : 1);
