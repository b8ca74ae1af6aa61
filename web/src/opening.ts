// The opening screen: choose the game, or resume the one saved in this browser.
// Plain DOM and no three.js, so it appears at once. What can be chosen (variants, rule
// sets, options and where they apply, levels) comes from GET /api/variants, or from the
// rules in this browser (the static site, or when the server cannot be reached).

import { api, type Catalogue, type Level, type NewGame, type Side } from './api';
import type { HostKind } from './hosts/host';
import { loadSaved, type SavedGame } from './storage';

export interface OpeningChoice {
  game: NewGame;
  visualizer: boolean;
  /** Where the game runs: on the server, or in this browser. */
  host: HostKind;
}

/** Where games can run, and what to say about it. */
export interface OpeningHosts {
  /** The catalogue, and the hosts offered (the first is the default). */
  load(): Promise<{ catalogue: Catalogue; hosts: HostKind[] }>;
  /** The browser game to resume, if any (the `saved` argument is the server's). */
  savedBrowser?: SavedGame | null;
  /** A line for the player about what is not offered here. */
  note?: string;
}

const SERVER_ONLY: OpeningHosts = {
  load: async () => ({ catalogue: await api.variants(), hosts: ['server'] }),
};

/** Reads the form into the server's NewGame body (plus the browser-only visualizer choice). */
export function readChoice(form: HTMLFormElement, catalogue: Catalogue): OpeningChoice {
  const data = new FormData(form);
  const entry = catalogue.variants.find((v) => v.id === data.get('variant')) ?? catalogue.variants[0];
  const variant = entry.id;
  const rules = entry.rules.find((r) => r.id === data.get('rules'))?.id ?? entry.rules[0]?.id ?? null;
  // An option counts only where the catalogue says it applies.
  const options = entry.options
    .filter((o) => data.get(o.id) && (o.rules.length === 0 || (rules !== null && o.rules.includes(rules))))
    .map((o) => o.id);
  const modeRaw = data.get('mode');
  const mode = modeRaw === 'local' || modeRaw === 'online' ? modeRaw : 'computer';
  let human = String(data.get('colour') ?? 'white');
  if (human === 'random') human = Math.random() < 0.5 ? 'white' : 'black';
  const { min, max, max_id } = catalogue.levels;
  const levelRaw = String(data.get('level') ?? '');
  const level: Level = levelRaw === max_id ? 'max' : Math.min(max, Math.max(min, Number(levelRaw) || catalogue.levels.default));
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
    host: data.get('host') === 'browser' ? 'browser' : 'server',
  };
}

/** Lessons, rules pages and analysis boards: the server's, or on the static site this browser's module. */
const teachHere = (hosts: HostKind[]) => hosts.includes('server') || __SPACECHESS_STATIC__;

/** The choice of where the game runs (only when there is one). */
function hostChoice(hosts: HostKind[]): string {
  if (hosts.length === 1) return `<input type="hidden" name="host" value="${hosts[0]}">`;
  const label: Record<HostKind, string> = {
    server: 'On the server (games kept by the server)',
    browser: 'In this browser (plays on without the server; games kept in this browser)',
  };
  return `<fieldset class="host-choice"><legend>Play</legend>${hosts
    .map((h, i) => `<label class="choice"><input type="radio" name="host" value="${h}"${i === 0 ? ' checked' : ''}> ${label[h]}</label>`)
    .join('')}</fieldset>`;
}

/** The element the opening screen's own markup is known to contain. */
function part<T extends HTMLElement>(root: ParentNode, selector: string): T {
  const e = root.querySelector<T>(selector);
  if (!e) throw new Error(`opening screen: missing ${selector}`);
  return e;
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The level offered first: 4 plies when the catalogue has it (a fair first opponent). */
const PREFERRED_LEVEL = 4;

/** The variant-specific part of the form: rule sets and options, from the catalogue. */
function variantExtras(catalogue: Catalogue): string {
  return catalogue.variants
    .filter((v) => v.rules.length > 0 || v.options.length > 0)
    .map((v) => {
      const rules = v.rules.length
        ? `<select name="rules" aria-label="${escape(v.title)} rule set">${v.rules
            .map((r) => `<option value="${r.id}">${escape(r.title)}</option>`)
            .join('')}</select>${v.rules
            .map((r) => `<p class="one-line rules-line" data-rules-line="${r.id}">${escape(r.description)}</p>`)
            .join('')}`
        : '';
      const options = v.options
        .map(
          (o) =>
            `<label class="choice option" data-rules="${o.rules.join(' ')}" title="${escape(o.description)}"><input type="checkbox" name="${o.id}"> ${escape(o.title)} <span class="one-line">${escape(o.description)}</span></label>`,
        )
        .join('');
      const legend = v.rules.length ? `${escape(v.title)} rules` : `${escape(v.title)} option`;
      return `<fieldset class="variant-extra" data-variant="${v.id}"><legend>${legend}</legend>${rules}${options}</fieldset>`;
    })
    .join('');
}

/** Shows the opening screen once the catalogue has arrived. */
export function renderOpening(
  host: HTMLElement,
  saved: SavedGame | null,
  onStart: (c: OpeningChoice) => Promise<void>,
  onResume: (s: SavedGame) => void,
  where: OpeningHosts = SERVER_ONLY,
): Promise<void> {
  host.innerHTML = '<main class="opening"><h1>spacechess</h1><p class="loading">Loading…</p></main>';
  return where
    .load()
    .then(({ catalogue, hosts }) => renderForm(host, catalogue, saved, onStart, onResume, { ...where, hosts }))
    .catch((e: unknown) => {
      host.innerHTML = `<main class="opening"><h1>spacechess</h1><p class="error" role="alert">${escape(
        e instanceof Error ? e.message : String(e),
      )}</p></main>`;
    });
}

function renderForm(
  host: HTMLElement,
  catalogue: Catalogue,
  saved: SavedGame | null,
  onStart: (c: OpeningChoice) => Promise<void>,
  onResume: (s: SavedGame) => void,
  where: Omit<OpeningHosts, 'load'> & { hosts: HostKind[] },
): void {
  const variants = catalogue.variants
    .map(
      (v, i) =>
        `<label class="choice variant-choice"><input type="radio" name="variant" value="${v.id}"${i === 0 ? ' checked' : ''}> ${escape(v.title)} <span class="one-line">${escape(v.description)}</span></label>`,
    )
    .join('');
  const { min, max, max_id } = catalogue.levels;
  const first = PREFERRED_LEVEL >= min && PREFERRED_LEVEL <= max ? PREFERRED_LEVEL : catalogue.levels.default;
  const depths = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
  const levels = [...depths, max_id]
    .map((l) => `<option value="${l}"${l === String(first) ? ' selected' : ''}>${l === max_id ? 'Max' : l}</option>`)
    .join('');
  host.innerHTML = `
  <main class="opening">
    <h1>spacechess</h1>
    <p class="tagline">Three- and four-dimensional chess</p>
    <nav class="teach-links" aria-label="Learn"${teachHere(where.hosts) ? '' : ' hidden'}><a href="?lessons" class="lessons-link">Lessons</a> <a href="?rules" class="rules-link">Rules</a> <a href="?puzzles" class="puzzles-link">Puzzles</a></nav>
    <p class="my-games-jump" hidden><a href="#my-games">My games</a></p>
    <div class="resume" hidden><button type="button" class="resume-game">Resume saved game</button></div>
    <div class="resume-browser" hidden><button type="button" class="resume-browser-game">Resume the game in this browser</button></div>
    ${where.note ? `<p class="host-note">${escape(where.note)}</p>` : ''}
    <div class="import"><button type="button" class="import-record">Import a record…</button><span class="open-analysis-slot"${teachHere(where.hosts) ? '' : ' hidden'}> <button type="button" class="open-analysis">Analyse a position…</button></span></div>
    <section class="lobby" id="lobby" aria-label="Lobby" hidden></section>
    ${where.hosts.includes('server') ? '<h2 class="setup-heading">Or start a game: the computer, two players on this device, or a friend by link</h2>' : ''}
    <form class="setup">
      ${hostChoice(where.hosts)}
      <fieldset><legend>Variant</legend>${variants}</fieldset>
      ${variantExtras(catalogue)}
      <fieldset><legend>Opponent</legend>
        <label class="choice"><input type="radio" name="mode" value="computer" checked> Computer</label>
        <label class="choice"><input type="radio" name="mode" value="local"> Two players on this device</label>
        ${where.hosts.includes('server') ? '<label class="choice"><input type="radio" name="mode" value="online"> Play a friend online</label>' : ''}
      </fieldset>
      <fieldset class="computer-only"><legend>You play</legend>
        <label class="choice"><input type="radio" name="colour" value="white" checked> White</label>
        <label class="choice"><input type="radio" name="colour" value="black"> Black</label>
        <label class="choice"><input type="radio" name="colour" value="random"> Random</label>
      </fieldset>
      <fieldset class="level-choice"><legend>Look-ahead</legend>
        <label class="inline">Moves ahead <select name="level" aria-label="Look-ahead">${levels}</select></label>
        <span class="one-line level-line" data-mode="computer">How far the computer looks ahead, and the Oracle when you ask it.</span>
        <span class="one-line level-line" data-mode="local">How far the Oracle looks ahead when you ask it.</span>
      </fieldset>
      <fieldset class="time-control"><legend>Time</legend>
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
    <section class="my-games" id="my-games" aria-label="My games" hidden></section>
  </main>`;
  const form = part<HTMLFormElement>(host, 'form.setup');
  const sync = () => {
    const d = new FormData(form);
    const variant = d.get('variant');
    // The rule set is read from the chosen variant's own list, once it is enabled: a
    // form read before would miss it (a disabled fieldset's fields are not in it).
    let rules = '';
    for (const f of form.querySelectorAll<HTMLFieldSetElement>('fieldset.variant-extra')) {
      f.hidden = f.dataset.variant !== variant;
      f.disabled = f.hidden;
      if (!f.hidden) rules = f.querySelector<HTMLSelectElement>('select[name="rules"]')?.value ?? '';
    }
    for (const line of form.querySelectorAll<HTMLElement>('[data-rules-line]')) line.hidden = line.dataset.rulesLine !== rules;
    // The Lessons, Rules and Puzzles links open the chosen variant's pages.
    for (const [cls, param] of [['.lessons-link', 'lessons'], ['.rules-link', 'rules'], ['.puzzles-link', 'puzzles']] as const) {
      const link = host.querySelector<HTMLAnchorElement>(cls);
      if (link) link.href = `?${param}=${encodeURIComponent(String(variant ?? ''))}`;
    }
    for (const o of form.querySelectorAll<HTMLElement>('label.option')) {
      const applies = o.dataset.rules ?? '';
      o.hidden = applies !== '' && !applies.split(' ').includes(rules);
    }
    const mode = String(d.get('mode') ?? 'computer');
    part(form, '.computer-only').hidden = mode === 'local';
    // No engine helps either player of an online game: its look-ahead would mean nothing.
    part(form, '.level-choice').hidden = mode === 'online';
    for (const line of form.querySelectorAll<HTMLElement>('.level-line')) line.hidden = line.dataset.mode !== mode;
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
    onStart(readChoice(form, catalogue))
      .catch((e: unknown) => {
        error.textContent = e instanceof Error ? e.message : String(e);
        error.hidden = false;
      })
      .finally(() => {
        start.disabled = false;
      });
  });
  part(host, '.import-record').addEventListener('click', () => {
    // The imported game lives where the form says (the server, or this browser).
    const where: HostKind = new FormData(form).get('host') === 'browser' ? 'browser' : 'server';
    void import('./import-record').then((m) => m.openImportDialog((c) => onStart({ ...c, host: where })));
  });
  part(host, '.open-analysis').addEventListener('click', () => {
    void import('./analysis/open').then((m) => m.openAnalysisDialog(catalogue));
  });
  performance.mark('opening-ready');
  if (where.hosts.includes('server')) {
    // The lobby (lobby/): open challenges, live, and the games being played now.
    const lobby = part(host, '.lobby');
    void import('./lobby/panel').then((m) =>
      m.mountLobby(lobby, catalogue, (id) => onResume({ id, host: 'server', visualizer: true, view: loadSaved('server')?.view ?? '3d' })),
    );
  }
  if (where.hosts.includes('server')) {
    const mine = part(host, '.my-games');
    const jump = part(host, '.my-games-jump');
    // The way down to My games says when games wait on the player (read again every minute).
    const jumpLink = part<HTMLAnchorElement>(jump, 'a');
    void import('./my-games').then((m) =>
      m.renderMyGames(mine, undefined, undefined, (games) => {
        jump.hidden = games.length === 0;
        jumpLink.textContent = m.jumpText(games);
      }),
    );
  }
  if (saved) {
    const resume = part(host, '.resume');
    resume.hidden = false;
    part(resume, 'button').addEventListener('click', () => onResume(saved));
  }
  if (where.savedBrowser) {
    const browserGame = where.savedBrowser;
    const resume = part(host, '.resume-browser');
    resume.hidden = false;
    part(resume, 'button').addEventListener('click', () => onResume(browserGame));
  }
}
