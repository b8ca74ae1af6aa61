// The player pages: `?player=NAME` (a profile: ratings per pool, provisional ones marked
// "?", and a rating history graph per pool) and `?leaderboard=POOL` (the best settled
// ratings of a pool, with a tab per pool). Both carry the identity bar.

import { render } from 'preact';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { BackArrowIcon } from '../icons';
import { identityApi } from './api';
import { IdentityBar, profileHref } from './bar';
import { byPool, identityErrorText, poolTitle, POOLS, PROVISIONAL_NOTE, ratingLabel } from './format';
import { HistoryGraph } from './graph';
import { me } from './state';
import type { LeaderView, PoolRatingView, Profile } from './types';
import { ApiError } from '../api';
import './identity.css';

export const leaderboardHref = (pool: string) => `/?leaderboard=${encodeURIComponent(pool)}`;

function Header({ page }: { page: 'player' | 'leaderboard' }) {
  return (
    <header class="teach-head">
      <a class="home" href="/">
        <BackArrowIcon /> spacechess
      </a>
      <nav aria-label="Players">
        <a href="/?leaderboard" aria-current={page === 'leaderboard' ? 'page' : undefined}>
          Leaderboards
        </a>
      </nav>
    </header>
  );
}

/** A rating cell's text with its explanation when provisional. */
function Rating({ r }: { r: { rating: number; provisional: boolean } }) {
  return (
    <span class={`rating-value${r.provisional ? ' provisional' : ''}`} title={r.provisional ? PROVISIONAL_NOTE : undefined}>
      {ratingLabel(r.rating, r.provisional)}
    </span>
  );
}

/** The two number columns' headings of both rating tables. */
function RatingHeads() {
  return (
    <>
      <th scope="col" class="num">
        Rating
      </th>
      <th scope="col" class="num">
        Rated games
      </th>
    </>
  );
}

function RatingsTable({ ratings }: { ratings: PoolRatingView[] }) {
  return (
    <table class="ratings-table">
      <thead>
        <tr>
          <th scope="col">Game</th>
          <RatingHeads />
          <th scope="col">
            <span class="sr-only">Leaderboard</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {byPool(ratings).map((r) => (
          <tr key={r.pool} data-pool={r.pool}>
            <th scope="row">{poolTitle(r.pool)}</th>
            <td class="num">
              <Rating r={r} />
            </td>
            <td class="num">{r.games}</td>
            <td>
              <a href={leaderboardHref(r.pool)}>Leaderboard</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProfilePage({ name }: { name: string }) {
  const profile = useSignal<Profile | null>(null);
  const error = useSignal<string | null>(null);
  useEffect(() => {
    identityApi.profile(name).then(
      (p) => (profile.value = p),
      (e: unknown) => (error.value = e instanceof ApiError && e.status === 404 ? `No player is called \u201c${name}\u201d.` : identityErrorText(e)),
    );
  }, [name, profile, error]);
  const p = profile.value;
  const mine = !!p && me.value?.name?.toLowerCase() === p.name.toLowerCase();
  const provisional = p?.ratings.some((r) => r.provisional) ?? false;
  return (
    <main class="opening player-page profile" data-player={p?.name}>
      <Header page="player" />
      <IdentityBar compact />
      {error.value && (
        <p class="error" role="alert">
          {error.value}
        </p>
      )}
      {!p && !error.value && <p class="loading">Loading…</p>}
      {p && (
        <>
          <h1>{p.name}</h1>
          <p class="player-sub">{`${mine ? 'This is you. ' : ''}${p.account ? 'Has an account.' : 'Plays without an account.'}`}</p>
          <h2>Ratings</h2>
          {p.ratings.length === 0 ? (
            <p class="page-note">No rated games yet. Everyone starts at 1500; a rating settles after a few rated games.</p>
          ) : (
            <>
              <RatingsTable ratings={p.ratings} />
              {provisional && <p class="ratings-legend">{PROVISIONAL_NOTE}.</p>}
            </>
          )}
          {p.history.length > 0 && (
            <>
              <h2>Rating history</h2>
              <div class="history-graphs">
                {byPool(p.ratings).map((r) => (
                  <HistoryGraph key={r.pool} title={poolTitle(r.pool)} history={p.history.filter((h) => h.pool === r.pool)} />
                ))}
              </div>
            </>
          )}
        </>
      )}
    </main>
  );
}

function LeaderboardPage({ pool }: { pool: string }) {
  const rows = useSignal<LeaderView[] | null>(null);
  const error = useSignal<string | null>(null);
  useEffect(() => {
    rows.value = null;
    error.value = null;
    identityApi.leaderboard(pool).then(
      (r) => (rows.value = r),
      (e: unknown) => (error.value = identityErrorText(e)),
    );
  }, [pool, rows, error]);
  const you = me.value?.name?.toLowerCase();
  return (
    <main class="opening player-page leaderboard" data-pool={pool}>
      <Header page="leaderboard" />
      <IdentityBar compact />
      <h1>Leaderboard</h1>
      <nav class="pool-tabs" aria-label="Game">
        {POOLS.map((p) => (
          <a key={p} href={leaderboardHref(p)} aria-current={p === pool ? 'page' : undefined} data-pool={p}>
            {poolTitle(p)}
          </a>
        ))}
      </nav>
      {error.value && (
        <p class="error" role="alert">
          {error.value}
        </p>
      )}
      {!rows.value && !error.value && <p class="loading">Loading…</p>}
      {rows.value && rows.value.length === 0 && (
        <p class="page-note empty">{`Nobody is on the ${poolTitle(pool)} leaderboard yet. A player appears here once their rating has settled after a few rated games (until then it shows with a "?").`}</p>
      )}
      {rows.value && rows.value.length > 0 && (
        <>
          <table class="ratings-table">
            <thead>
              <tr>
                <th scope="col" class="rank">
                  #
                </th>
                <th scope="col">Player</th>
                <RatingHeads />
              </tr>
            </thead>
            <tbody>
              {rows.value.map((r, i) => (
                <tr key={r.name} class={r.name.toLowerCase() === you ? 'you' : undefined}>
                  <td class="rank">{i + 1}</td>
                  <td>
                    <a href={profileHref(r.name)}>{r.name}</a>
                  </td>
                  <td class="num">
                    <span class="rating-value">{ratingLabel(r.rating, false)}</span>
                  </td>
                  <td class="num">{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="ratings-legend">Only settled ratings are listed: a provisional rating ("?") needs more rated games.</p>
        </>
      )}
    </main>
  );
}

/** `?player=NAME`. */
export function renderProfile(host: HTMLElement, name: string): void {
  document.title = `${name} · spacechess`;
  host.replaceChildren();
  render(<ProfilePage name={name} />, host);
}

/** `?leaderboard[=POOL]` (an unknown or missing pool shows the first). */
export function renderLeaderboard(host: HTMLElement, pool: string | null): void {
  const shown = pool && POOLS.includes(pool) ? pool : POOLS[0];
  document.title = `Leaderboard, ${poolTitle(shown)} · spacechess`;
  host.replaceChildren();
  render(<LeaderboardPage pool={shown} />, host);
}
