// Opening an analysis board: from a game's position (review, the game-over card), or from
// a pasted record or position string (the opening screen's dialog). The server reads the
// record or the string and refuses a bad one with a message naming what is wrong; the
// engine starts at once and the page goes to the board (`?analysis=<id>`). On the static
// site, and for a game kept in this browser, the rules module in this browser keeps the
// board instead (browser-board.ts; `?analysis=<id>&host=browser`), built from the game's
// record: nothing goes to the server.

import type { Catalogue } from '../api';
import type { AnalysisRequest } from '../generated/api';
import { analysisApi } from './backend';

/** Where a board is opened: `browserGame` is the id of the game kept in this browser whose record `body` carries. */
export interface OpenWhere {
  browserGame?: string;
}

/** Opens a board, starts its engine and goes there. Throws the refusal (the server's or the module's). */
export async function openAnalysis(body: AnalysisRequest, where: OpenWhere = {}): Promise<void> {
  if (__SPACECHESS_STATIC__ || where.browserGame !== undefined) {
    // The board's engine is on from the start unless its position is over.
    const id = await import('./browser-board').then((m) => m.BrowserBoard.open(body, where.browserGame ?? null));
    location.assign(`?analysis=${encodeURIComponent(id)}&host=browser`);
    return;
  }
  const board = await analysisApi.open(body);
  // A board whose position is over has nothing to analyse: it opens with the engine off.
  await analysisApi.engineOn(board.id).catch(() => undefined);
  location.assign(`/?analysis=${encodeURIComponent(board.id)}`);
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The opening screen's dialog: a record or a position string to analyse. */
export function openAnalysisDialog(catalogue: Catalogue): HTMLDialogElement {
  document.querySelector('dialog.analysis-dialog')?.remove();
  const dialog = document.createElement('dialog');
  dialog.className = 'analysis-dialog import-dialog';
  dialog.setAttribute('aria-label', 'Analyse a position');
  const variants = catalogue.variants.map((v) => `<option value="${v.id}">${escape(v.title)}</option>`).join('');
  const rules = catalogue.variants.flatMap((v) => v.rules.map((r) => `<option value="${r.id}" data-variant="${v.id}">${escape(v.title)}: ${escape(r.title)}</option>`)).join('');
  dialog.innerHTML = `
    <form method="dialog" class="import-form analysis-form">
      <h2>Analyse a position</h2>
      <fieldset><legend>What you paste</legend>
        <label class="choice"><input type="radio" name="kind" value="position" checked> A position string</label>
        <label class="choice"><input type="radio" name="kind" value="record"> A game record</label>
      </fieldset>
      <label class="block">Paste it here
        <textarea name="text" rows="6" spellcheck="false" placeholder="a position string, or [Variant &quot;stacked&quot;] 1. …"></textarea>
      </label>
      <div class="position-only">
        <label class="inline">Variant <select name="variant" aria-label="Variant">${variants}</select></label>
        ${rules ? `<label class="inline">Rule set (Tri-D) <select name="rules" aria-label="Rule set"><option value="">—</option>${rules}</select></label>` : ''}
        <p class="one-line">Leave the text empty to start from the variant's first position.</p>
      </div>
      <label class="inline record-only">After half-move <input type="number" name="record_ply" min="0" step="1" placeholder="the end" aria-label="After half-move"></label>
      <p class="error" role="alert" hidden></p>
      <div class="dialog-buttons">
        <button type="button" class="cancel">Cancel</button>
        <button type="submit" class="analyse">Analyse</button>
      </div>
    </form>`;
  document.body.append(dialog);
  const form = dialog.querySelector('form') as HTMLFormElement;
  const error = dialog.querySelector('.error') as HTMLElement;
  const sync = () => {
    const record = new FormData(form).get('kind') === 'record';
    (dialog.querySelector('.position-only') as HTMLElement).hidden = record;
    (dialog.querySelector('.record-only') as HTMLElement).hidden = !record;
  };
  form.addEventListener('change', sync);
  sync();
  (dialog.querySelector('.cancel') as HTMLElement).addEventListener('click', () => dialog.close());
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const d = new FormData(form);
    const text = String(d.get('text') ?? '').trim();
    let body: AnalysisRequest;
    if (d.get('kind') === 'record') {
      const ply = String(d.get('record_ply') ?? '').trim();
      body = { record: text, record_ply: ply === '' ? null : Math.max(0, Math.floor(Number(ply))) };
    } else {
      const variant = String(d.get('variant'));
      const rule = String(d.get('rules') ?? '');
      const entry = catalogue.variants.find((v) => v.id === variant);
      const ruleSet = entry?.rules.find((r) => r.id === rule)?.id ?? entry?.rules[0]?.id ?? null;
      body = { variant: entry?.id ?? null, rules: ruleSet, position: text === '' ? null : text };
    }
    error.hidden = true;
    openAnalysis(body).catch((e: unknown) => {
      error.textContent = e instanceof Error ? e.message : String(e);
      error.hidden = false;
    });
  });
  dialog.showModal();
  return dialog;
}
