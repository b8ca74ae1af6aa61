// Puts a finished build (FROM) in the place of the served one (TO, web/dist) so that TO is
// never missing or half written: `npm run build` builds into FROM, then this moves FROM's
// files in (the hashed assets first, the pages last, each by a rename, which replaces a file
// at once) and removes the old build's files. A debug server reads web/dist from disk on
// every request; when Vite emptied web/dist for the whole of a build, pages opened
// meanwhile got the server's "front end not built" page (browser tests run beside
// someone's rebuild waited for a game that never came).

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  process.stderr.write('usage: node build/swap-dist.mjs FROM TO\n');
  process.exit(2);
}
if (!existsSync(join(from, 'index.html'))) {
  process.stderr.write(`swap-dist: ${from} holds no index.html; the build did not finish, ${to} is left as it was\n`);
  process.exit(1);
}

/** Every file under `dir`, relative to it. */
function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

const incoming = files(from);
const kept = new Set(incoming);
// Pages last: once a page is in place, everything it names is there.
const pagesLast = [...incoming].sort((a, b) => Number(a.endsWith('.html')) - Number(b.endsWith('.html')));
for (const f of pagesLast) {
  mkdirSync(dirname(join(to, f)), { recursive: true });
  renameSync(join(from, f), join(to, f));
}
for (const f of files(to)) if (!kept.has(f)) rmSync(join(to, f));
// Folders the old build left empty (deepest first).
const dirs = readdirSync(to, { recursive: true, withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => join(e.parentPath, e.name))
  .sort((a, b) => b.length - a.length);
for (const d of dirs) if (readdirSync(d).length === 0) rmdirSync(d);
rmSync(from, { recursive: true, force: true });
