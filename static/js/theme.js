// shoko theme, run in the head before the page is drawn (not deferred, so a dark page never
// flashes light): the theme a reader chose with the header's button (site.js), remembered on
// this device, goes on <html data-theme>. With none chosen, the system's scheme rules (the
// stylesheet's `light-dark()` colours follow `color-scheme`).
(function () {
  'use strict';
  try {
    var theme = window.localStorage.getItem('shoko-theme');
    if (theme === 'light' || theme === 'dark') { document.documentElement.setAttribute('data-theme', theme); }
  } catch (e) { /* storage may be disabled: the system's scheme */ }
})();
