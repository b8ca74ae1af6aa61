// The browser tests' probes stay out of the app: the built app (web/dist, what the server
// embeds) names none of what they expose, and the probes' own script does (so the names
// looked for are the real ones).

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { probesScript } from './probes.mjs';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

/** Names only probes use: property names, which minifying keeps. */
const PROBE_NAMES = ['findTapPoint', 'findBoardDestPoint', 'squareToScreen', 'measureTurn', 'openSquares', 'keyCursor'];
/** The hook itself: `window.__spacechess`, not the app's offer to probes (`__spacechessProbes`). */
const HOOK = /\b__spacechess\b(?!Probes)/;

describe('test probes', () => {
  it('are not in the built app', () => {
    assert.ok(existsSync(join(dist, 'index.html')), `${dist} holds no build: run npm run build first`);
    const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    assert.ok(scripts.length > 0);
    for (const f of scripts) {
      const text = readFileSync(join(dist, 'assets', f), 'utf8');
      assert.doesNotMatch(text, HOOK, `${f} installs window.__spacechess`);
      for (const name of PROBE_NAMES) assert.ok(!new RegExp(`\\b${name}\\s*[:(]`).test(text), `${f} holds the probe ${name}`);
    }
  });

  it('are in their own script, which waits for the app to offer its game', async () => {
    const text = await probesScript();
    assert.match(text, HOOK);
    assert.match(text, /__spacechessProbes/);
    for (const name of PROBE_NAMES) assert.match(text, new RegExp(`\\b${name}\\s*[:(]`), name);
  });
});
