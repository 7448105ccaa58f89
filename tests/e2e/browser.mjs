// What every e2e script shares: headless Chromium started the one way (Debian's /usr/bin/chromium,
// or $CHROMIUM, without sandbox, GPU or background traffic), and the ok/FAIL reporter.
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
