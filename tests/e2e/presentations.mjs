// Posters, hub cards, the case study and media in real headless Chromium, on the built default
// site and the fixture site, both served under a sub-path: the poster's panels stand in columns
// on a wide window and in one column on a phone, its foot lists the claims it cites and links
// back, and printing it gives one A0 page in each language (`pdfinfo`); the Vega hub has its four
// groups of cards, each wholly a link that reaches its page; the case study keeps its three
// layers by class; the audio element plays the fixture's WAV, the caption line in the page's
// language shows under it while it plays, and a transcript is there in each language; the PDF is embedded with a working download.
// Usage: node presentations.mjs SITE_DIR FIXTURE_SITE_DIR
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checks, launch, serveUnder } from './browser.mjs';

const [siteArg, fixtureArg] = process.argv.slice(2);
if (!siteArg || !fixtureArg) {
  console.error('usage: node presentations.mjs SITE_DIR FIXTURE_SITE_DIR');
  process.exit(2);
}
const BASE = '/ROCm-pages/';
const { check, fail, failures } = checks();
const site = await serveUnder(resolve(siteArg), BASE);
const fixture = await serveUnder(resolve(fixtureArg), BASE);
const browser = await launch(['--autoplay-policy=no-user-gesture-required']);
const work = mkdtempSync(join(tmpdir(), 'shoko-present-'));

/** A new tab `width` pixels wide at `url`. */
async function open(url, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(url);
  return tab;
}

/** Pages and size of a PDF, from `pdfinfo`. */
function pdfPages(path) {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const [w, h] = (/Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) || []).slice(1).map(Number);
  return { pages, w, h };
}

try {
  // The poster.
  for (const lang of ['ja', 'en']) {
    const url = `${site.origin}${BASE}${lang}/gpu/poster/index.html`;
    const tab = await open(url);
    const poster = await tab.evaluate(() => {
      const root = document.querySelector('[data-poster]');
      const panels = [...root.querySelectorAll('.poster-panel')];
      const cards = [...document.querySelectorAll('.claims .claim')].map((c) => c.id);
      const listed = [...root.querySelectorAll('.poster-claims a')].map((a) => a.getAttribute('href').slice(1));
      return {
        h1InPoster: root.querySelector('h1') !== null && document.querySelectorAll('h1').length === 1,
        panels: panels.length,
        lefts: [...new Set(panels.filter((p) => !p.classList.contains('poster-lead')).map((p) => Math.round(p.getBoundingClientRect().left)))].length,
        cards,
        listed,
        badges: root.querySelectorAll('.poster-claims .badge').length,
        link: root.querySelector('.poster-link a')?.href,
      };
    });
    check(poster.h1InPoster, `${lang}: the poster holds the page's one heading`);
    check(poster.panels === 8, `${lang}: a lead and seven panels (${poster.panels})`);
    check(poster.lefts >= 2, `${lang}: on a wide window the panels stand in columns (${poster.lefts})`);
    check(poster.listed.length > 0 && poster.listed.join() === poster.cards.join(),
      `${lang}: the foot lists every claim the poster cites, each linked to its card (${poster.listed.length})`);
    check(poster.badges === poster.listed.length, `${lang}: each listed claim shows its badge`);
    check(poster.link === url, `${lang}: the foot links back to the page (${poster.link})`);
    const pdf = join(work, `poster-${lang}.pdf`);
    await tab.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const { pages, w, h } = pdfPages(pdf);
    check(pages === 1, `${lang}: printing gives one page (${pages})`);
    check(Math.abs(w - 2383.9) < 2 && Math.abs(h - 3370.4) < 2, `${lang}: the page is A0 (${w} × ${h} pt)`);
    await tab.context().close();
  }
  const phone = await open(`${site.origin}${BASE}en/gpu/poster/index.html`, 390);
  const phoneLefts = await phone.evaluate(() =>
    new Set([...document.querySelectorAll('[data-poster] .poster-panel')].map((p) => Math.round(p.getBoundingClientRect().left))).size);
  check(phoneLefts === 1, `on a phone the panels are one column (${phoneLefts} left edges)`);
  await phone.context().close();

  // The hub.
  for (const lang of ['ja', 'en']) {
    const tab = await open(`${site.origin}${BASE}${lang}/vega-study/index.html`);
    const hub = await tab.evaluate(() => [...document.querySelectorAll('.hub-cards')].map((list) =>
      [...list.querySelectorAll('.hub-card')].map((card) => ({
        kind: card.querySelector('.hub-kind-label')?.textContent,
        title: card.querySelector('.hub-title a')?.textContent,
        href: card.querySelector('.hub-title a')?.href,
        external: card.querySelector('.hub-external') !== null,
        bullets: card.querySelectorAll('.hub-bullets li').length,
      }))));
    const counts = hub.map((g) => g.length);
    check(counts.join() === '4,1,6,6', `${lang}: four groups of cards in reading order (${counts})`);
    const all = hub.flat();
    check(all.every((c) => c.kind && c.title), `${lang}: every card has a kind label and a title`);
    const kinds = new Set(all.map((c) => c.kind));
    const seedKinds = lang === 'en'
      ? ['General', 'Story', 'Essay', 'Media', 'Slides', 'Poster', 'Case Study', 'Timeline', 'Hypothesis']
      : ['一般向け', '物語', 'エッセイ', 'メディア', 'スライド', 'ポスター', 'ケーススタディ', '年表', '仮説'];
    check(seedKinds.every((k) => kinds.has(k)), `${lang}: the seed's kinds are there, in the page's language (${[...kinds].join(', ')})`);
    const external = all.filter((c) => c.external);
    check(external.length === 15 && external.every((c) => c.href.startsWith('https://aets-magi.github.io/')),
      `${lang}: the study's cards lead out to its site (${external.length})`);
    const inside = all.filter((c) => !c.external);
    for (const card of inside) {
      const status = (await tab.request.get(card.href)).status();
      check(status === 200 && card.href.startsWith(`${site.origin}${BASE}${lang}/`), `${lang}: "${card.title}" reaches ${card.href} (${status})`);
    }
    // The cards' words are the hub's words for search: a title only a card carries finds the hub.
    await tab.fill('#search-input', 'num_gpu');
    await tab.waitForSelector('[data-search-results] a', { timeout: 5000 });
    const found = await tab.$$eval('[data-search-results] a', (links) => links.map((a) => a.href));
    check(found.slice(0, 3).some((href) => href.includes(`/${lang}/vega-study/`)),
      `${lang}: searching a card's title finds the hub (${found.slice(0, 3).join(', ')})`);
    await tab.keyboard.press('Escape');
    // The whole card is the link: a click on its description opens the page.
    const own = tab.locator('.hub-card', { hasNot: tab.locator('.hub-external') }).first();
    await own.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    const box = await own.locator('.hub-description').boundingBox();
    await tab.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await tab.waitForURL((u) => !u.pathname.endsWith('/vega-study/index.html'));
    check(tab.url() === inside[0].href, `${lang}: a click anywhere on a card opens its page (${tab.url()})`);
    await tab.context().close();
  }

  // The case study on the gfx900 page: three layers, each holding only its classes.
  for (const lang of ['ja', 'en']) {
    const tab = await open(`${site.origin}${BASE}${lang}/gpu/gfx900/index.html`);
    const layers = await tab.evaluate(() => Object.fromEntries(['facts', 'interpretations', 'open'].map((name) => [name,
      [...document.querySelectorAll(`.case-study .case-${name} li`)].map((li) => ({
        cls: li.querySelector('.badge').className.replace('badge badge-', ''),
        target: document.getElementById(li.querySelector('a').getAttribute('href').slice(1)) !== null,
      }))])));
    check(layers.facts.length > 0 && layers.facts.every((i) => ['confirmed', 'limited'].includes(i.cls)), `${lang}: facts are confirmed or limited claims (${layers.facts.length})`);
    check(layers.interpretations.length > 0 && layers.interpretations.every((i) => i.cls === 'inferred'), `${lang}: interpretations are inferred claims (${layers.interpretations.length})`);
    check(layers.open.length > 0 && layers.open.every((i) => ['unresolved', 'question'].includes(i.cls)), `${lang}: open questions are unresolved claims and questions (${layers.open.length})`);
    check(Object.values(layers).flat().every((i) => i.target), `${lang}: every item links to a card on the page`);
    await tab.context().close();
  }

  // Media on the fixture site.
  const transcripts = {};
  for (const lang of ['ja', 'en']) {
    const tab = await open(`${fixture.origin}${BASE}${lang}/media/index.html`);
    const media = await tab.evaluate(async () => {
      const audio = document.querySelector('.media-audio audio');
      const cue = document.querySelector('.media-audio .media-cue');
      let spoken = '';
      new MutationObserver(() => { spoken = spoken || cue.textContent; }).observe(cue, { childList: true, characterData: true, subtree: true });
      audio.muted = true;
      await audio.play();
      await new Promise((done) => {
        audio.addEventListener('ended', done, { once: true });
        setTimeout(done, 5000);
      });
      const tracks = [...audio.querySelectorAll('track')].map((t) => ({ lang: t.srclang, default: t.default }));
      return {
        played: audio.ended || audio.currentTime > 0.3,
        duration: audio.duration,
        tracks,
        spoken,
        transcript: document.querySelector('.media-audio .transcript').textContent.trim(),
        download: document.querySelector('.media-audio .media-actions a[download]')?.href === audio.src,
        pdf: document.querySelector('.media-pdf object')?.data,
        pdfDownload: document.querySelector('.media-pdf .media-actions a[download]')?.href,
      };
    });
    check(media.played && Math.abs(media.duration - 0.6) < 0.05, `${lang}: the audio element plays the WAV to its end (${media.duration} s)`);
    check(media.tracks.length === 2 && media.tracks.find((t) => t.default)?.lang === lang, `${lang}: captions in both languages, this page's on by default`);
    check(media.download, `${lang}: the download link is the file the player plays`);
    const line = lang === 'ja' ? '短い試験音です。' : 'A short test tone.';
    check(media.spoken === line, `${lang}: the caption line in the page's language shows under the player while it plays (${media.spoken})`);
    transcripts[lang] = media.transcript;
    const pdf = await tab.request.get(media.pdf);
    const head = (await pdf.body()).subarray(0, 5).toString();
    check(pdf.status() === 200 && head === '%PDF-' && media.pdfDownload === media.pdf, `${lang}: the embedded PDF is served (${head}) and downloadable`);
    check(/\.[0-9a-f]{10}\.pdf$/.test(media.pdf), `${lang}: the published file's name carries a fingerprint (${media.pdf})`);
    await tab.context().close();
  }
  check(/書き起こし/.test(transcripts.ja) && /Transcript/.test(transcripts.en) && transcripts.ja !== transcripts.en,
    'the transcript is present in each page\'s language');
} catch (e) {
  console.error(e);
  fail();
} finally {
  await browser.close();
  site.close();
  fixture.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failures() === 0 ? 0 : 1);
