// `shoko serve` in real headless Chromium (Debian's /usr/bin/chromium): an open page reloads
// itself after an edit and shows the new text at the same scroll position; a broken edit shows
// the error overlay (with file and line, the caret under the source line and a link that opens
// the file at that line in the editor) over the last good page; the fix removes the overlay.
// Usage: node live.mjs SHOKO_BINARY FIXTURE_ROOT
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from './browser.mjs';

const [binary, fixture] = process.argv.slice(2);
if (!binary || !fixture) {
  console.error('usage: node live.mjs SHOKO_BINARY FIXTURE_ROOT');
  process.exit(2);
}
// `$&` in the folder's name: the overlay's editor link must carry it as text (String.replace
// once put the pattern in its place).
const root = mkdtempSync(join(tmpdir(), 'shoko-live-$&-'));
cpSync(fixture, root, { recursive: true });
const page = join(root, 'content/guide/index.md');
const original = readFileSync(page, 'utf8');
const edit = (from, to) => {
  const text = readFileSync(page, 'utf8');
  if (!text.includes(from)) throw new Error(`${from} not in the page`);
  writeFileSync(page, text.replace(from, to));
};

const server = spawn(binary, ['serve', '--root', root, '--port', '0', '--base-path', '/ROCm-pages/'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const address = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const m = out.match(/Serving at (http:\/\/[^/]+)\//);
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  setTimeout(() => reject(new Error('serve did not start in 60 s')), 60000);
});

const browser = await launch();
let failed = false;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed = true;
};
try {
  const tab = await browser.newPage({ viewport: { width: 800, height: 500 } });
  await tab.goto(`${address}/ROCm-pages/en/guide/`);
  await tab.waitForFunction(() => document.body.innerText.includes('We counted each kernel'));
  // Wait for the event stream to be open before editing.
  await tab.waitForTimeout(500);
  await tab.evaluate(() => window.scrollTo(0, 300));
  const before = await tab.evaluate(() => window.scrollY);

  edit('We counted each kernel', 'We counted every single kernel');
  await tab.waitForFunction(() => document.body.innerText.includes('We counted every single kernel'), null, { timeout: 15000 });
  check(true, 'the open page reloaded itself and shows the new text');
  await tab.waitForTimeout(300);
  const after = await tab.evaluate(() => window.scrollY);
  check(Math.abs(after - before) < 5 && before > 0, `the scroll position survived (${before} → ${after})`);

  edit('title: { ja: "案内", en: "Guide" }', 'title: { ja: "案内", en: "Guide" ');
  await tab.waitForSelector('#shoko-overlay', { timeout: 15000 });
  const overlay = await tab.textContent('#shoko-overlay');
  check(/content\/guide\/index\.md:\d+:\d+/.test(overlay), 'a broken edit shows the overlay with file:line:col');
  check(overlay.includes('Build errors'), 'the overlay speaks the page language (English)');
  check(/\n\s+\|\s+\^+/.test(overlay), 'the overlay shows the caret under the source line');
  const open = await tab.getAttribute('#shoko-overlay a.shoko-open', 'href');
  check(/^vscode:\/\/file\/.+\/content\/guide\/index\.md:\d+:\d+$/.test(open || ''), `the overlay links the file at its line in the editor (${open})`);
  check((open || '').includes('shoko-live-$&-'), `a \`$&\` in the path stays as written (${open})`);
  check((await tab.textContent('main')).includes('We counted every single kernel'), 'the last good page stays under it');

  edit('title: { ja: "案内", en: "Guide" ', 'title: { ja: "案内", en: "Guide" }');
  await tab.waitForSelector('#shoko-overlay', { state: 'detached', timeout: 15000 });
  check(true, 'fixing the file removes the overlay');
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await browser.close();
  server.kill('SIGINT');
  writeFileSync(page, original);
  rmSync(root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
