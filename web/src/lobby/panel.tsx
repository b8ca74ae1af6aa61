// The lobby on the opening screen (docs/web.md, "The lobby"): open challenges, live
// (GET /api/lobby every 3 s while the page is seen, which also keeps the player's own
// live challenges open), one tap to accept; the player's own challenge waiting with
// Cancel until `matched` names its game; the form to create one; quick-pairing buttons;
// games being played now, to watch. Own live challenges are withdrawn when the page goes.

import { render } from 'preact';
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Catalogue } from '../api';
import { lobbyApi, lobbyRefusal } from './client';
import type { ChallengeRequest, ChallengeView, ColorWish, LiveGameView, Lobby, QuickPairing } from './types';
import {
  announceDiff,
  colourText,
  daysPerMoveText,
  diffIds,
  orderChallenges,
  ownLive,
  playerText,
  rangeText,
  setupText,
  speedText,
  timeControlText,
} from './words';
import './lobby.css';

/** How often the lobby is read while the page is seen. */
export const POLL_MS = 3000;

/** Time controls offered by the form: minutes+increment, or days per move. */
export const TIME_CHOICES: { id: string; label: string; tc: ChallengeRequest['time_control'] }[] = [
  { id: '3+2', label: '3+2 (Blitz)', tc: { minutes: 3, increment_seconds: 2 } },
  { id: '5+3', label: '5+3 (Blitz)', tc: { minutes: 5, increment_seconds: 3 } },
  { id: '10+5', label: '10+5 (Rapid)', tc: { minutes: 10, increment_seconds: 5 } },
  { id: '15+10', label: '15+10 (Rapid)', tc: { minutes: 15, increment_seconds: 10 } },
  { id: '30+20', label: '30+20 (Classical)', tc: { minutes: 30, increment_seconds: 20 } },
  { id: 'd1', label: daysPerMoveText(1), tc: { days_per_move: 1 } },
  { id: 'd3', label: daysPerMoveText(3), tc: { days_per_move: 3 } },
  { id: 'd7', label: daysPerMoveText(7), tc: { days_per_move: 7 } },
];

interface Props {
  catalogue: Catalogue;
  /** Opens a game (the player's seat in it, or watching). */
  open: (id: string) => void;
  /** Called once when the panel is unmounted (a game opened). */
  leave: () => void;
  /** Whether the panel is still on the page (the opening screen may be replaced under it). */
  shown: () => boolean;
}

function ChallengeItem({ c, catalogue, fresh, busy, onAccept, onCancel }: {
  c: ChallengeView;
  catalogue: Catalogue;
  fresh: boolean;
  busy: boolean;
  onAccept: (c: ChallengeView) => void;
  onCancel: (c: ChallengeView) => void;
}) {
  const range = rangeText(c.min_rating, c.max_rating);
  const tc = timeControlText(c.time_control);
  return (
    <li class={`challenge${c.yours ? ' yours' : ''}${fresh ? ' fresh' : ''}`} data-challenge={c.id}>
      <span class="challenge-who">{c.yours ? (c.quick ? 'Your quick pairing' : 'Your challenge') : playerText(c)}</span>
      <span class="challenge-setup">{setupText(c, catalogue)}</span>
      <span class="challenge-terms">
        <span class="challenge-tc" title={speedText(c.time_control)}>{tc}</span>
        {' · '}
        <span class={c.rated ? 'rated' : 'casual'}>{c.rated ? 'Rated' : 'Casual'}</span>
        {' · '}
        {colourText(c.color, c.yours)}
        {range ? ` · ${range}` : ''}
      </span>
      {c.yours ? (
        <span class="challenge-act">
          <span class="waiting" role="status">Waiting for an opponent…</span>
          <button type="button" class="cancel-challenge" disabled={busy} onClick={() => onCancel(c)}>
            Cancel
          </button>
        </span>
      ) : (
        <span class="challenge-act">
          <button
            type="button"
            class="accept-challenge"
            disabled={busy}
            aria-label={`Accept: ${playerText(c)}, ${setupText(c, catalogue)}, ${tc}, ${c.rated ? 'rated' : 'casual'}`}
            onClick={() => onAccept(c)}
          >
            Accept
          </button>
        </span>
      )}
    </li>
  );
}

function PlayingItem({ g, catalogue }: { g: LiveGameView; catalogue: Catalogue }) {
  const moves = `${g.moves} half-move${g.moves === 1 ? '' : 's'}`;
  return (
    <li>
      <a class="playing-game" href={`/?game=${encodeURIComponent(g.id)}`} data-game={g.id}>
        <span class="playing-players">
          {playerText(g.players.white)} <span class="vs">vs</span> {playerText(g.players.black)}
        </span>
        <span class="playing-terms">
          {setupText(g, catalogue)} · {timeControlText(g.time_control)} · {g.rated ? 'Rated' : 'Casual'} · {moves}
        </span>
        <span class="watch">Watch</span>
      </a>
    </li>
  );
}

/** Reads the create form into the request. */
export function readChallenge(form: HTMLFormElement, catalogue: Catalogue): ChallengeRequest {
  const d = new FormData(form);
  const entry = catalogue.variants.find((v) => v.id === d.get('variant')) ?? catalogue.variants[0];
  const rules = entry.rules.find((r) => r.id === d.get('rules'))?.id ?? entry.rules[0]?.id ?? null;
  const rated = d.get('rated') !== 'casual';
  // Rated games keep the variant's own set-up: options only in casual ones.
  const options = rated
    ? []
    : entry.options.filter((o) => d.get(`option-${o.id}`) && (o.rules.length === 0 || (rules !== null && o.rules.includes(rules)))).map((o) => o.id);
  const tc = TIME_CHOICES.find((t) => t.id === d.get('time'))?.tc ?? TIME_CHOICES[2].tc;
  const colour = String(d.get('color') ?? 'random');
  const request: ChallengeRequest = {
    variant: entry.id,
    rules,
    options,
    time_control: tc,
    rated,
    color: (['white', 'black', 'random'].includes(colour) ? colour : 'random') as ColorWish,
  };
  // A bound left empty is left out: anyone on that side.
  for (const name of ['min_rating', 'max_rating'] as const) {
    const raw = String(d.get(name) ?? '').trim();
    if (raw !== '') request[name] = Math.round(Number(raw));
  }
  return request;
}

function CreateForm({ catalogue, busy, onCreate, onClose }: {
  catalogue: Catalogue;
  busy: boolean;
  onCreate: (r: ChallengeRequest) => void;
  onClose: () => void;
}) {
  const variant = useSignal(catalogue.variants[0].id as string);
  const rules = useSignal(catalogue.variants[0].rules[0]?.id as string | undefined);
  const rated = useSignal(true);
  const entry = catalogue.variants.find((v) => v.id === variant.value) ?? catalogue.variants[0];
  const options = entry.options.filter((o) => o.rules.length === 0 || (rules.value !== undefined && o.rules.includes(rules.value as never)));
  return (
    <form
      class="create-challenge"
      aria-label="Create a challenge"
      onSubmit={(e) => {
        e.preventDefault();
        onCreate(readChallenge(e.currentTarget, catalogue));
      }}
    >
      <label class="field">
        <span>Game</span>
        <select
          name="variant"
          value={variant.value}
          onChange={(e) => {
            variant.value = e.currentTarget.value;
            rules.value = catalogue.variants.find((v) => v.id === variant.value)?.rules[0]?.id;
          }}
        >
          {catalogue.variants.map((v) => (
            <option value={v.id} key={v.id}>
              {v.title}
            </option>
          ))}
        </select>
      </label>
      {entry.rules.length > 0 && (
        <label class="field">
          <span>Rules</span>
          <select name="rules" value={rules.value} onChange={(e) => (rules.value = e.currentTarget.value)}>
            {entry.rules.map((r) => (
              <option value={r.id} key={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <label class="field">
        <span>Time</span>
        <select name="time" defaultValue="10+5">
          {TIME_CHOICES.map((t) => (
            <option value={t.id} key={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset class="field-row">
        <legend>Kind</legend>
        <label class="choice">
          <input type="radio" name="rated" value="rated" checked={rated.value} onChange={() => (rated.value = true)} /> Rated
        </label>
        <label class="choice">
          <input type="radio" name="rated" value="casual" checked={!rated.value} onChange={() => (rated.value = false)} /> Casual
        </label>
        <span class="one-line">{rated.value ? 'The result changes both ratings.' : 'No rating changes.'}</span>
      </fieldset>
      {!rated.value && options.length > 0 && (
        <fieldset class="field-row">
          <legend>Options</legend>
          {options.map((o) => (
            <label class="choice" key={o.id} title={o.description}>
              <input type="checkbox" name={`option-${o.id}`} /> {o.title}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset class="field-row">
        <legend>You play</legend>
        {(['random', 'white', 'black'] as const).map((c) => (
          <label class="choice" key={c}>
            <input type="radio" name="color" value={c} defaultChecked={c === 'random'} /> {c === 'random' ? 'Random' : c === 'white' ? 'White' : 'Black'}
          </label>
        ))}
      </fieldset>
      <fieldset class="field-row">
        <legend>Opponent's rating (optional)</legend>
        <label class="inline">
          from <input type="number" name="min_rating" min="0" max="5000" step="50" inputMode="numeric" aria-label="Lowest rating" />
        </label>
        <label class="inline">
          to <input type="number" name="max_rating" min="0" max="5000" step="50" inputMode="numeric" aria-label="Highest rating" />
        </label>
      </fieldset>
      <div class="form-buttons">
        <button type="submit" class="create-submit" disabled={busy}>
          Create challenge
        </button>
        <button type="button" class="create-close" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}

export function LobbyPanel({ catalogue, open, leave, shown }: Props) {
  const lobby = useSignal<Lobby | null>(null);
  const fresh = useSignal<ReadonlySet<string>>(new Set());
  const error = useSignal<string | null>(null);
  /** The challenge a refusal was about: the refusal goes when the challenge does. */
  const errorFor = useSignal<string | null>(null);
  const said = useSignal('');
  const busy = useSignal(false);
  const creating = useSignal(false);
  const left = useRef(false);
  const unreachable = useSignal(false);

  /** Leaves for a game: own live challenges are withdrawn first (one game at a time). */
  const go = (id: string) => {
    if (left.current) return;
    left.current = true;
    const own = ownLive(lobby.value?.challenges ?? []);
    if (own.length) lobbyApi.cancelOnLeave(own);
    leave();
    open(id);
  };

  const take = (l: Lobby) => {
    const before = lobby.value?.challenges ?? [];
    const diff = diffIds(before, l.challenges);
    // Nothing is "new" on the first read: everything is.
    fresh.value = lobby.value ? new Set(diff.added) : new Set();
    if (lobby.value) {
      const line = announceDiff(diff, l.challenges, catalogue);
      if (line) said.value = line;
    }
    lobby.value = l;
    unreachable.value = false;
    if (errorFor.value && !l.challenges.some((c) => c.id === errorFor.value)) {
      error.value = null;
      errorFor.value = null;
    }
    if (l.matched) go(l.matched);
  };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let reading = false;
    const visible = () => document.visibilityState === 'visible';
    const read = async () => {
      clearTimeout(timer);
      if (stopped || reading || !visible()) return;
      if (!shown()) {
        // The opening screen gave way to a game started otherwise: this lobby ends, and
        // the player's live challenges with it (one game at a time).
        stopped = true;
        lobbyApi.cancelOnLeave(ownLive(lobby.value?.challenges ?? []));
        leave();
        return;
      }
      reading = true;
      try {
        take(await lobbyApi.lobby());
      } catch {
        unreachable.value = true;
      } finally {
        reading = false;
      }
      if (!stopped && visible()) timer = setTimeout(() => void read(), POLL_MS);
    };
    const onVisibility = () => (visible() ? void read() : clearTimeout(timer));
    // The page goes (closed, reloaded, navigated away): its live challenges go with it.
    const onPageHide = () => lobbyApi.cancelOnLeave(ownLive(lobby.value?.challenges ?? []));
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  const act = async (what: () => Promise<void>, about: string | null = null) => {
    busy.value = true;
    error.value = null;
    errorFor.value = null;
    try {
      await what();
    } catch (e) {
      error.value = lobbyRefusal(e);
      errorFor.value = about;
    } finally {
      busy.value = false;
    }
  };
  const refresh = async () => take(await lobbyApi.lobby());
  const accept = (c: ChallengeView) =>
    void act(async () => {
      const { game } = await lobbyApi.accept(c.id);
      go(game);
    }, c.id).then(() => (error.value ? refresh().catch(() => undefined) : undefined));
  const cancel = (c: ChallengeView) =>
    void act(async () => {
      await lobbyApi.cancel(c.id);
      await refresh();
    }, c.id);
  const create = (r: ChallengeRequest) =>
    void act(async () => {
      await lobbyApi.create(r);
      creating.value = false;
      await refresh();
    });
  const quick = (q: QuickPairing) =>
    void act(async () => {
      const answer = await lobbyApi.quick(q.id);
      if (answer.game) go(answer.game);
      else await refresh();
    });

  const l = lobby.value;
  const challenges = l ? orderChallenges(l.challenges) : [];
  const others = challenges.filter((c) => !c.yours);
  return (
    <div class="lobby-panel">
      <h2>Play someone online</h2>
      <p class="one-line lobby-intro">Accept an open challenge, or create your own and wait for someone to accept it.</p>
      <h3>Open challenges</h3>
      {!l ? (
        <p class="one-line">Loading…</p>
      ) : challenges.length === 0 ? (
        <p class="one-line no-challenges">No open challenges right now: create one, or press a quick pairing below.</p>
      ) : (
        <ul class="challenges" aria-label="Open challenges">
          {challenges.map((c) => (
            <ChallengeItem key={c.id} c={c} catalogue={catalogue} fresh={fresh.value.has(c.id)} busy={busy.value} onAccept={accept} onCancel={cancel} />
          ))}
        </ul>
      )}
      {l && others.length === 0 && challenges.length > 0 && <p class="one-line no-others">No other challenges are open yet.</p>}
      {error.value && (
        <p class="error lobby-error" role="alert">
          {error.value}
        </p>
      )}
      {unreachable.value && <p class="one-line lobby-offline">The lobby could not be read; trying again.</p>}
      <div class="create-row">
        {creating.value ? (
          <CreateForm catalogue={catalogue} busy={busy.value} onCreate={create} onClose={() => (creating.value = false)} />
        ) : (
          <button type="button" class="create-challenge-open" onClick={() => (creating.value = true)}>
            Create a challenge
          </button>
        )}
      </div>
      {l && l.quick.length > 0 && (
        <>
          <h3>Quick pairing</h3>
          <p class="one-line">Press one: you play the next player who presses the same.</p>
          <div class="quick-pairing" role="group" aria-label="Quick pairing">
            {l.quick.map((q) => {
              const waiting = challenges.some(
                (c) => c.yours && c.quick && c.variant === q.variant && timeControlText(c.time_control) === timeControlText(q.time_control) && c.rated === q.rated,
              );
              const days = q.time_control.days_per_move;
              return (
                <button type="button" class="quick" key={q.id} data-pairing={q.id} disabled={busy.value || waiting} onClick={() => quick(q)}>
                  <span class="quick-tc">{days ? `${days} day${days === 1 ? '' : 's'}` : timeControlText(q.time_control)}</span>
                  <span class="quick-setup">{setupText(q, catalogue)}</span>
                  <span class="quick-kind">
                    {days ? 'per move · ' : ''}
                    {waiting ? 'Waiting…' : q.rated ? 'Rated' : 'Casual'}
                  </span>
                </button>
              );
            })}
          </div>
        </>
      )}
      <p class="lobby-said" aria-live="polite">
        {said.value}
      </p>
      {l && l.playing.length > 0 && (
        <section class="playing-now" aria-label="Playing now">
          <h3>Playing now</h3>
          <ul>
            {l.playing.map((g) => (
              <PlayingItem key={g.id} g={g} catalogue={catalogue} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Shows the lobby in `section`; returns the function that takes it down. */
export function mountLobby(section: HTMLElement, catalogue: Catalogue, open: (id: string) => void): () => void {
  let mounted = true;
  const unmount = () => {
    if (!mounted) return;
    mounted = false;
    render(null, section);
  };
  section.hidden = false;
  // The panel takes itself down before it opens a game (its poll and page hooks end).
  render(<LobbyPanel catalogue={catalogue} open={open} leave={() => queueMicrotask(unmount)} shown={() => section.isConnected} />, section);
  return unmount;
}
