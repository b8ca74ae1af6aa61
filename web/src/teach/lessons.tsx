// The lessons page (seed 004 "Movement rules and practice lessons"): every lesson by
// variant, rule set and kind; a lesson's text and its "Try it" board, where the player's
// move is judged by the rules (the server's POST /api/lessons/{id}/check, or the module
// in this browser on the static site: teach/source.ts).

import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, type Catalogue, type LessonView, type Screen, type Variant } from '../api';
import type { LessonEntry } from '../generated/api';
import { CrossIcon, TickIcon } from '../icons';
import { computeMarks } from '../marks';
import { boardMovesOf, IDLE, movableBoards, step, type Selection, type SelectionEvent } from '../selection';
import { MiniBoard } from './board';
import { TeachHeader, VariantTabs, variantOf } from './nav';
import { teachSource, type TeachSource } from './source';

const KINDS: { id: string; title: string }[] = [
  { id: 'piece', title: 'How each piece moves' },
  { id: 'rule', title: 'Special rules' },
  { id: 'mate', title: 'Checkmate lab' },
];

function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

function lessonHref(id: string): string {
  return `?lesson=${encodeURIComponent(id)}`;
}

function LessonList({ catalogue, lessons, variant }: { catalogue: Catalogue; lessons: LessonEntry[]; variant: Variant }) {
  const entry = catalogue.variants.find((v) => v.id === variant);
  const of = lessons.filter((l) => l.variant === variant);
  // Tri-D lessons come per rule set; the others once.
  const sets: (string | null)[] = entry && entry.rules.length ? entry.rules.map((r) => r.id) : [null];
  return (
    <>
      <VariantTabs catalogue={catalogue} current={variant} href={(v) => `?lessons=${v}`} />
      <p class="variant-line">{entry?.description}</p>
      <p>
        <a href={`?rules=${variant}`}>Read the rules of {entry?.title}</a>
        {' · '}
        <a href={`?puzzles=${variant}`} class="practise-puzzles">
          Practise with puzzles
        </a>
      </p>
      {sets.map((set) => {
        const title = set ? entry?.rules.find((r) => r.id === set)?.title : null;
        const mine = of.filter((l) => (l.rules ?? null) === set);
        if (!mine.length) return null;
        return (
          <section class="lesson-set" key={set ?? 'all'} data-rules={set ?? undefined}>
            {title && <h2>{title}</h2>}
            {KINDS.map((k) => {
              const list = mine.filter((l) => l.kind === k.id);
              if (!list.length) return null;
              return (
                <div class="lesson-group" key={k.id} data-kind={k.id}>
                  <h3>{k.title}</h3>
                  <ul class="lesson-list">
                    {list.map((l) => (
                      <li key={l.id}>
                        <a href={lessonHref(l.id)} data-lesson={l.id}>
                          {l.title}
                        </a>{' '}
                        <span class="goal-line">{l.goal.text}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </section>
        );
      })}
    </>
  );
}

type Outcome = { kind: 'solved' | 'missed' | 'info' | 'error'; text: string };

/** The choosers a move in progress needs: promotion, and the attack-board flow. */
export function Choosers({ screen, selection, send }: { screen: Screen; selection: Selection; send: (e: SelectionEvent) => void }) {
  const s = selection;
  if (s.kind === 'choose' || s.kind === 'board-choose')
    return (
      <div class="chooser">
        <p>Choose the move:</p>
        {s.options.map((m) => (
          <button type="button" class="choice" key={m.token} data-token={m.token} onClick={() => send({ type: 'choose', token: m.token })}>
            {m.notation}
          </button>
        ))}
      </div>
    );
  if (s.kind === 'board-pick')
    return (
      <div class="board-flow">
        <p>Choose the attack board:</p>
        {movableBoards(screen).map((b) => (
          <button type="button" class="pick-board" key={b} data-board={b} onClick={() => send({ type: 'pick-board', board: b })}>
            {b}
          </button>
        ))}
      </div>
    );
  if (s.kind === 'board')
    return (
      <div class="board-flow">
        <p>Move {s.board} to:</p>
        {[...new Set(boardMovesOf(screen, s.board).map((m) => m.to))].map((to) => (
          <button type="button" class="board-dest" key={to} data-to={to} onClick={() => send({ type: 'board-destination', to })}>
            {to}
          </button>
        ))}
      </div>
    );
  if (movableBoards(screen).length)
    return (
      <div class="board-flow">
        <button type="button" class="board-move" onClick={() => send({ type: 'board-button' })}>
          Move attack board
        </button>
      </div>
    );
  return null;
}

function TryIt({ lesson, source }: { lesson: LessonView; source: TeachSource }) {
  const [screen, setScreen] = useState<Screen>(lesson.screen);
  const [moves, setMoves] = useState<string[]>([]);
  const [selection, setSelection] = useState<Selection>(IDLE);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [hint, setHint] = useState(false);
  const [busy, setBusy] = useState(false);
  const finished = outcome?.kind === 'solved' || outcome?.kind === 'missed';
  const marks = useMemo(() => computeMarks(screen, selection, true), [screen, selection]);

  const reset = () => {
    setScreen(lesson.screen);
    setMoves([]);
    setSelection(IDLE);
    setOutcome(null);
  };
  const send = (event: SelectionEvent) => {
    if (busy || finished) return;
    const out = step(screen, true, selection, event);
    setSelection(out.selection);
    if (out.message) setOutcome({ kind: 'info', text: out.message });
    if (!out.move) return;
    const tried = [...moves, out.move];
    setBusy(true);
    source
      .check(lesson.id, tried)
      .then((a) => {
        setScreen(a.screen);
        setSelection(IDLE);
        if (a.status === 'continue') {
          setMoves(a.reply ? [...tried, a.reply] : tried);
          setOutcome({ kind: 'info', text: a.message });
        } else {
          setMoves(tried);
          setOutcome({ kind: a.status, text: a.message });
        }
      })
      .catch((e: unknown) => setOutcome({ kind: 'error', text: errorText(e) }))
      .finally(() => setBusy(false));
  };
  const onTap = (square: string) => send({ type: 'tap', square });
  return (
    <section class="try-it" aria-label="Try it" data-status={outcome?.kind ?? 'ready'}>
      <h2>Try it</h2>
      <p class="goal">
        <strong>You play {lesson.screen.turn === 'white' ? 'White' : 'Black'}.</strong> {lesson.goal.text}
      </p>
      <MiniBoard screen={screen} marks={marks} onTap={onTap} label="Try it board" />
      <Choosers screen={screen} selection={selection} send={send} />
      {outcome && (
        <p class={`lesson-message ${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.kind === 'solved' ? <TickIcon /> : outcome.kind === 'missed' ? <CrossIcon /> : null}{' '}
          {outcome.text}
        </p>
      )}
      <div class="lesson-buttons">
        <button type="button" class="hint" onClick={() => setHint(true)} disabled={hint}>
          Hint
        </button>
        <button type="button" class="again" onClick={reset}>
          {outcome?.kind === 'solved' ? 'Play it again' : 'Start again'}
        </button>
      </div>
      {hint && <p class="lesson-hint">Hint: {lesson.hint}</p>}
    </section>
  );
}

function Lesson({ catalogue, lesson, all, source }: { catalogue: Catalogue; lesson: LessonView; all: LessonEntry[]; source: TeachSource }) {
  const entry = catalogue.variants.find((v) => v.id === lesson.variant);
  const rules = entry?.rules.find((r) => r.id === lesson.rules)?.title;
  const same = all.filter((l) => l.variant === lesson.variant && l.rules === lesson.rules && l.kind === lesson.kind);
  const next = same[same.findIndex((l) => l.id === lesson.id) + 1];
  return (
    <article class="lesson" data-lesson={lesson.id}>
      <p class="crumbs">
        <a href={`?lessons=${lesson.variant}`}>{entry?.title} lessons</a>
        {rules ? ` · ${rules}` : ''}
      </p>
      <h1>{lesson.title}</h1>
      <p class="lesson-text">{lesson.text}</p>
      <TryIt lesson={lesson} source={source} key={lesson.id} />
      <p class="lesson-next">
        {next ? <a href={lessonHref(next.id)}>Next: {next.title}</a> : <a href={`?lessons=${lesson.variant}`}>All lessons</a>}
        {' · '}
        <a href={`?rules=${lesson.variant}`}>Rules of {entry?.title}</a>
        {' · '}
        <a href={`?puzzles=${lesson.variant}`} class="practise-puzzles">
          Practise with puzzles
        </a>
      </p>
    </article>
  );
}

function LessonsApp({ variant, lessonId, source }: { variant: string | null; lessonId: string | null; source: TeachSource }) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [all, setAll] = useState<LessonEntry[] | null>(null);
  const [lesson, setLesson] = useState<LessonView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([source.catalogue(), source.lessons(), lessonId ? source.lesson(lessonId) : Promise.resolve(null)])
      .then(([c, l, one]) => {
        setCatalogue(c);
        setAll(l.lessons);
        setLesson(one);
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [lessonId, source]);
  return (
    <main class="teach lessons-page">
      <TeachHeader page="lessons" />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!error && (!catalogue || !all) && <p class="loading">Loading…</p>}
      {catalogue && all && lesson && <Lesson catalogue={catalogue} lesson={lesson} all={all} source={source} />}
      {catalogue && all && !lessonId && (
        <>
          <h1>Lessons</h1>
          <LessonList catalogue={catalogue} lessons={all} variant={variantOf(catalogue, variant)} />
        </>
      )}
    </main>
  );
}

/** Shows the lessons of a variant, or one lesson. */
export function renderLessons(host: HTMLElement, variant: string | null, lessonId: string | null, source: TeachSource = teachSource()): void {
  host.replaceChildren();
  render(<LessonsApp variant={variant} lessonId={lessonId} source={source} />, host);
}
