// The opening screen: choose the game, or resume the one saved in this browser.
// Plain DOM and no three.js, so it appears at once.

import type { Level, NewGame, Side, Variant } from './api';
import { VARIANT_NAMES } from './layout';
import type { SavedGame } from './storage';

export interface OpeningChoice {
  game: NewGame;
  visualizer: boolean;
}

export const RULE_SETS = ['federation', 'meder', 'stepwise'] as const;

/** Reads the form into the server's NewGame body (plus the browser-only visualizer choice). */
export function readChoice(form: HTMLFormElement): OpeningChoice {
  const data = new FormData(form);
  const variant = String(data.get('variant') ?? 'stacked') as Variant;
  const rules = variant === 'trid' ? String(data.get('rules') ?? 'federation') : null;
  const options: string[] = [];
  if (variant === 'trid' && rules === 'federation' && data.get('rook-pawns')) options.push('rook-pawns');
  if (variant === 'quadlevel' && data.get('destroy-both-kings')) options.push('destroy-both-kings');
  const mode = data.get('mode') === 'local' ? 'local' : 'computer';
  let human = String(data.get('colour') ?? 'white');
  if (human === 'random') human = Math.random() < 0.5 ? 'white' : 'black';
  const levelRaw = String(data.get('level') ?? '4');
  const level: Level = levelRaw === 'max' ? 'max' : Math.min(6, Math.max(1, Number(levelRaw) || 4));
  const timed = data.get('timed') === 'on';
  const minutes = Math.max(0.5, Number(data.get('minutes')) || 10);
  const inc = Math.max(0, Number(data.get('increment')) || 0);
  return {
    game: {
      variant,
      rules,
      options,
      mode,
      human: human as Side,
      level,
      time_control: timed ? { minutes, increment_seconds: inc } : null,
      position: null,
    },
    visualizer: data.get('visualizer') === 'on',
  };
}

/** The element the opening screen's own markup is known to contain. */
function part<T extends HTMLElement>(root: ParentNode, selector: string): T {
  const e = root.querySelector<T>(selector);
  if (!e) throw new Error(`opening screen: missing ${selector}`);
  return e;
}

export function renderOpening(
  host: HTMLElement,
  saved: SavedGame | null,
  onStart: (c: OpeningChoice) => Promise<void>,
  onResume: (s: SavedGame) => void,
): void {
  const variants = (Object.keys(VARIANT_NAMES) as Variant[])
    .map(
      (v, i) =>
        `<label class="choice"><input type="radio" name="variant" value="${v}"${i === 0 ? ' checked' : ''}> ${VARIANT_NAMES[v]}</label>`,
    )
    .join('');
  const levels = ['1', '2', '3', '4', '5', '6', 'max']
    .map((l) => `<option value="${l}"${l === '4' ? ' selected' : ''}>${l === 'max' ? 'Max' : l}</option>`)
    .join('');
  host.innerHTML = `
  <main class="opening">
    <h1>spacechess</h1>
    <p class="tagline">Three- and four-dimensional chess</p>
    <div class="resume" hidden><button type="button" class="resume-game">Resume saved game</button></div>
    <form class="setup">
      <fieldset><legend>Variant</legend>${variants}</fieldset>
      <fieldset class="trid-only"><legend>Tri-D rules</legend>
        <select name="rules" aria-label="Tri-D rule set">
          <option value="federation">Federation</option><option value="meder">Meder</option><option value="stepwise">Stepwise</option>
        </select>
        <label class="choice federation-only"><input type="checkbox" name="rook-pawns"> Rook-pawn rule</label>
      </fieldset>
      <fieldset class="quadlevel-only"><legend>Quadlevel option</legend>
        <label class="choice"><input type="checkbox" name="destroy-both-kings"> Destroy both kings</label>
      </fieldset>
      <fieldset><legend>Opponent</legend>
        <label class="choice"><input type="radio" name="mode" value="computer" checked> Computer</label>
        <label class="choice"><input type="radio" name="mode" value="local"> Two players on this device</label>
      </fieldset>
      <fieldset class="computer-only"><legend>You play</legend>
        <label class="choice"><input type="radio" name="colour" value="white" checked> White</label>
        <label class="choice"><input type="radio" name="colour" value="black"> Black</label>
        <label class="choice"><input type="radio" name="colour" value="random"> Random</label>
        <label class="inline">Look-ahead <select name="level" aria-label="Look-ahead">${levels}</select></label>
      </fieldset>
      <fieldset><legend>Time</legend>
        <label class="choice"><input type="radio" name="timed" value="off" checked> No clock</label>
        <label class="choice"><input type="radio" name="timed" value="on"> Clock</label>
        <span class="timed-only">
          <label class="inline"><input type="number" name="minutes" value="10" min="1" max="180" step="1" aria-label="Minutes"> min</label>
          <label class="inline">+ <input type="number" name="increment" value="5" min="0" max="60" step="1" aria-label="Increment seconds"> s</label>
        </span>
      </fieldset>
      <fieldset><legend>Help</legend>
        <label class="choice"><input type="checkbox" name="visualizer" checked> Visualizer (show moves; off = touch-move)</label>
      </fieldset>
      <button type="submit" class="start">Start game</button>
      <p class="error" role="alert" hidden></p>
    </form>
  </main>`;
  const form = part<HTMLFormElement>(host, 'form.setup');
  const sync = () => {
    const d = new FormData(form);
    const variant = d.get('variant');
    part(form, '.trid-only').hidden = variant !== 'trid';
    part(form, '.federation-only').hidden = d.get('rules') !== 'federation';
    part(form, '.quadlevel-only').hidden = variant !== 'quadlevel';
    part(form, '.computer-only').hidden = d.get('mode') === 'local';
    part(form, '.timed-only').hidden = d.get('timed') !== 'on';
  };
  form.addEventListener('change', sync);
  sync();
  const error = part(form, '.error');
  const start = part<HTMLButtonElement>(form, '.start');
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    start.disabled = true;
    error.hidden = true;
    onStart(readChoice(form))
      .catch((e: unknown) => {
        error.textContent = e instanceof Error ? e.message : String(e);
        error.hidden = false;
      })
      .finally(() => {
        start.disabled = false;
      });
  });
  performance.mark('opening-ready');
  if (saved) {
    const resume = part(host, '.resume');
    resume.hidden = false;
    part(resume, 'button').addEventListener('click', () => onResume(saved));
  }
}
