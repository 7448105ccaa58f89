// What every e2e script shares: headless Chromium started the one way (Debian's /usr/bin/chromium,
// or $CHROMIUM, without sandbox, GPU or background traffic), the ok/FAIL reporter, and a plain
// static server (python3 -m http.server) that serves a built site under a sub-path.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** Start headless Chromium, with `extra` command-line switches. */
export function launch(extra = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...extra],
  });
}

/** A reporter: `check(ok, what)` prints one line; `failures()` counts the failed checks. */
export function checks() {
  let failed = 0;
  return {
    check(ok, what) {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failed += 1;
    },
    fail() {
      failed += 1;
    },
    failures: () => failed,
  };
}

/**
 * Serve `siteDir` under the sub-path `base` (`/ROCm-pages/`) on 127.0.0.1 with python's
 * http.server, as GitHub Pages serves a project site. Returns `{ origin, close }`.
 */
export async function serveUnder(siteDir, base) {
  const host = mkdtempSync(join(tmpdir(), 'shoko-pages-'));
  symlinkSync(siteDir, join(host, base.replace(/\//g, '')));
  const server = spawn('python3', ['-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', host], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const origin = await new Promise((ok, fail) => {
    let out = '';
    const seen = (chunk) => {
      out += chunk;
      const m = out.match(/port (\d+)/);
      if (m) ok(`http://127.0.0.1:${m[1]}`);
    };
    server.stdout.on('data', seen);
    server.stderr.on('data', seen);
    setTimeout(() => fail(new Error(`http.server did not start: ${out}`)), 20000);
  });
  return {
    origin,
    close() {
      server.kill();
      rmSync(host, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh tab (in its own context) on `url` that counts the bytes of every response it gets:
 * `{ context, tab, bytes }`, `bytes()` the count so far (bodies are read as they arrive, so wait
 * for the network to be idle before reading it).
 */
export async function countingTab(browser, url) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  let count = 0;
  tab.on('response', async (r) => { try { count += (await r.body()).length; } catch { /* redirects */ } });
  await tab.goto(url);
  await tab.waitForLoadState('networkidle');
  return { context, tab, bytes: () => count };
}

/**
 * Pagefind's own API in `tab` (its index at `base`pagefind/): the addresses of its top three for
 * `query`, and the milliseconds from the call to their data.
 */
export async function pagefindTop3(tab, base, query) {
  const [ms, urls] = await tab.evaluate(async ([b, q]) => {
    const start = performance.now();
    const pagefind = await import(`${b}pagefind/pagefind.js`);
    await pagefind.init();
    const search = await pagefind.search(q);
    const data = await Promise.all(search.results.slice(0, 3).map((r) => r.data()));
    return [performance.now() - start, data.map((d) => d.url)];
  }, [base, query]);
  await tab.waitForLoadState('networkidle');
  return { ms, urls };
}
