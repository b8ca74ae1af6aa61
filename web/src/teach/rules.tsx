// A variant's rules page: the board, how each piece moves with a small diagram of a real
// position (its moves computed by the rules), every special rule, and the rule sets and
// options explained (GET /api/rules/{variant}, or the module in this browser: source.ts).

import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Catalogue, type RulesPage } from '../api';
import type { RulesDiagram, SectionView } from '../generated/api';
import type { Marks } from '../marks';
import { emptyMarks, MiniBoard } from './board';
import { TeachHeader, VariantTabs, variantOf } from './nav';
import { teachSource, type TeachSource } from './source';

/** The diagram's marks: the piece (or attack board) lifted, its moves and captures. */
function diagramMarks(d: RulesDiagram): Marks {
  const marks = emptyMarks();
  const onSquare = d.screen.cells.some((c) => c.name === d.from);
  if (onSquare) {
    marks.lifted = d.from;
    for (const s of d.moves) marks.targets.set(s, { capture: false });
    for (const s of d.captures) marks.targets.set(s, { capture: true });
  } else {
    marks.boards.add(d.from);
    marks.boardTargets = d.moves;
  }
  return marks;
}

function Diagram({ d }: { d: RulesDiagram }) {
  const onSquare = d.screen.cells.some((c) => c.name === d.from);
  return (
    <figure class="diagram" data-from={d.from}>
      <MiniBoard screen={d.screen} marks={diagramMarks(d)} label={d.caption} />
      <figcaption>
        {d.caption}.{' '}
        {onSquare
          ? `Dots: ${d.moves.length} move${d.moves.length === 1 ? '' : 's'}${d.captures.length ? `; rings: ${d.captures.length} capture${d.captures.length === 1 ? '' : 's'}` : ''}.`
          : `${d.from} can go to ${d.moves.join(', ')}.`}
      </figcaption>
    </figure>
  );
}

function Section({ s, ruleSets }: { s: SectionView; ruleSets: Map<string, string> }) {
  return (
    <section class={`rules-section kind-${s.kind}`} data-kind={s.kind}>
      <h3>
        {s.title}
        {s.rules && <span class="rules-tag"> · {ruleSets.get(s.rules) ?? s.rules}</span>}
      </h3>
      <p>{s.text}</p>
      {s.diagram && <Diagram d={s.diagram} />}
      {s.lesson && (
        <p>
          <a href={`?lesson=${encodeURIComponent(s.lesson)}`} class="practise">
            Try it in a lesson
          </a>
        </p>
      )}
    </section>
  );
}

function Page({ catalogue, page }: { catalogue: Catalogue; page: RulesPage }) {
  const entry = catalogue.variants.find((v) => v.id === page.variant);
  const ruleSets = new Map((entry?.rules ?? []).map((r) => [r.id as string, r.title]));
  const groups: (string | null)[] = [null, ...(entry?.rules ?? []).map((r) => r.id)];
  return (
    <article class="rules-page" data-variant={page.variant}>
      <h1>Rules of {page.title}</h1>
      <p class="variant-line">{page.summary}</p>
      <p>
        <a href={`?lessons=${page.variant}`}>Practise with the lessons</a>
        {' · '}
        <a href={`?puzzles=${page.variant}`} class="practise-puzzles">
          Practise with puzzles
        </a>
      </p>
      {page.choices.length > 0 && (
        <section class="choices" aria-label="Rule sets and options">
          <h2>Rule sets and options</h2>
          <dl>
            {page.choices.map((c) => (
              <div key={c.id} data-choice={c.id}>
                <dt>
                  {c.kind === 'rules' ? ruleSets.get(c.id) ?? c.id : entry?.options.find((o) => o.id === c.id)?.title ?? c.id}
                  <span class="choice-kind"> ({c.kind === 'rules' ? 'rule set' : 'option'})</span>
                </dt>
                <dd>
                  <p class="choice-summary">{c.summary}</p>
                  <p>{c.text}</p>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {groups.map((g) => {
        const list = page.sections.filter((s) => (s.rules ?? null) === g);
        if (!list.length) return null;
        return (
          <div class="rules-group" key={g ?? 'all'} data-rules={g ?? undefined}>
            {g && <h2>{ruleSets.get(g) ?? g}</h2>}
            {list.map((s, i) => (
              <Section s={s} ruleSets={ruleSets} key={`${s.title}-${i}`} />
            ))}
          </div>
        );
      })}
    </article>
  );
}

function RulesApp({ asked, source }: { asked: string | null; source: TeachSource }) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [page, setPage] = useState<RulesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    source
      .catalogue()
      .then(async (c) => {
        setCatalogue(c);
        setPage(await source.rules(variantOf(c, asked)));
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)));
  }, [asked, source]);
  return (
    <main class="teach rules-app">
      <TeachHeader page="rules" />
      {catalogue && <VariantTabs catalogue={catalogue} current={page?.variant ?? null} href={(v) => `?rules=${v}`} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!error && !page && <p class="loading">Loading…</p>}
      {catalogue && page && <Page catalogue={catalogue} page={page} />}
    </main>
  );
}

export function renderRules(host: HTMLElement, variant: string | null, source: TeachSource = teachSource()): void {
  host.replaceChildren();
  render(<RulesApp asked={variant} source={source} />, host);
}
