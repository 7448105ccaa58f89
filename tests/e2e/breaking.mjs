// Japanese line breaking in real headless Chromium (with Noto CJK), on every Japanese page at
// 320, 390, 768 and 1280 px: headings, the deck's title, breadcrumbs and navigation labels break
// only between phrases (where the build put a <wbr>, at a space or after punctuation), never
// between two characters of a word (「調|査」); and the punctuation after an inline evidence
// badge (`。`, `、`) never starts a line.
// Usage: node breaking.mjs SITE_DIR
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checks, launch, serveUnder } from './browser.mjs';

const siteDir = resolve(process.argv[2] || '');
if (!process.argv[2]) {
  console.error('usage: node breaking.mjs SITE_DIR');
  process.exit(2);
}

function pages(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { return pages(path); }
    return name === 'index.html' ? [relative(siteDir, path)] : [];
  });
}

const BASE = '/ROCm-pages/';
const { origin, close } = await serveUnder(siteDir, BASE);
const browser = await launch();
const { check, failures } = checks();
const LABELS = 'main h1, main h2, main h3, .deck-title, .breadcrumbs li, .site-title, .sidebar a, .site-nav a, .toc a, .toc-rail a, .sequence a, .hub-title';
try {
  const japanese = pages(join(siteDir, 'ja'));
  check(japanese.length >= 15, `${japanese.length} Japanese pages`);
  for (const width of [320, 390, 768, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const tab = await context.newPage();
    let labels = 0;
    let badges = 0;
    const inside = [];
    const after = [];
    for (const page of japanese) {
      await tab.goto(`${origin}${BASE}${page}`);
      await tab.evaluate(() => document.fonts.ready);
      const found = await tab.evaluate((selector) => {
        const word = /[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff\u3005]/;
        const closing = /^[。、，．：；）」』】]/;
        const out = { labels: 0, inside: [], badges: 0, after: [] };
        // Each character's line (the top of its box), with where <wbr> stood.
        for (const el of document.querySelectorAll(selector)) {
          if (!el.getClientRects().length || el.closest('[hidden], .visually-hidden')) { continue; }
          const chars = [];
          const allowed = new Set();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (n.nodeType === 1) {
              if (n.tagName === 'WBR') { allowed.add(chars.length); }
              continue;
            }
            for (let i = 0; i < n.data.length; i++) {
              const range = document.createRange();
              range.setStart(n, i);
              range.setEnd(n, i + 1);
              const box = range.getClientRects()[0];
              chars.push({ c: n.data[i], top: box ? box.top : null });
            }
          }
          if (!chars.some((ch) => word.test(ch.c))) { continue; }
          out.labels++;
          for (let k = 1; k < chars.length; k++) {
            const [a, b] = [chars[k - 1], chars[k]];
            if (a.top === null || b.top === null || b.top <= a.top + 2) { continue; }
            if (word.test(a.c) && word.test(b.c) && !allowed.has(k)) {
              const text = chars.map((ch) => ch.c).join('');
              out.inside.push(`${text.slice(0, k)}|${text.slice(k)}`);
            }
          }
        }
        // The text right after each inline badge.
        for (const badge of document.querySelectorAll('main .badge')) {
          const next = badge.nextSibling;
          const text = next && next.nodeType === 3 ? next.data : '';
          if (!closing.test(text)) { continue; }
          out.badges++;
          const range = document.createRange();
          range.setStart(next, 0);
          range.setEnd(next, 1);
          const mark = range.getClientRects()[0];
          const own = badge.getClientRects();
          const last = own[own.length - 1];
          if (mark && last && mark.top > last.bottom - 2) { out.after.push(`${badge.textContent}${text.slice(0, 8)}`); }
        }
        return out;
      }, LABELS);
      labels += found.labels;
      badges += found.badges;
      inside.push(...found.inside.map((t) => `${page}: ${t}`));
      after.push(...found.after.map((t) => `${page}: ${t}`));
    }
    check(labels > 100 && inside.length === 0,
      `${width} px: ${labels} Japanese headings and labels break only between phrases${inside.length ? `; inside a word: ${inside.slice(0, 6).join(' / ')}` : ''}`);
    check(badges > 5 && after.length === 0,
      `${width} px: the punctuation after ${badges} inline badges stays on the badge's line${after.length ? `; starts a line: ${after.slice(0, 6).join(' / ')}` : ''}`);
    await context.close();
  }
} finally {
  await browser.close();
  close();
}
if (failures() > 0) {
  console.error(`${failures()} check(s) failed`);
  process.exit(1);
}
