// The record import dialog: a record (records.md) from a file or pasted text becomes a
// new game, local or against the computer, from its start, its end or any half-move in
// between. The server reads the record (a bad one is refused naming its first bad move);
// this dialog only collects the choice. Plain DOM, so the opening screen can use it too.

import type { NewGame } from './api';

export interface ImportChoice {
  game: NewGame;
  visualizer: boolean;
}

/** Reads the dialog's form into the NewGame body (`record`, `record_ply`, opponent). */
export function readImport(form: HTMLFormElement): ImportChoice {
  const data = new FormData(form);
  const opponent = String(data.get('opponent') ?? 'local');
  const plyText = String(data.get('record_ply') ?? '').trim();
  const level = String(data.get('level') ?? '3');
  return {
    game: {
      record: String(data.get('record') ?? ''),
      record_ply: plyText === '' ? null : Math.max(0, Math.floor(Number(plyText))),
      mode: opponent === 'local' ? 'local' : 'computer',
      human: opponent === 'computer-black' ? 'black' : 'white',
      level: level === 'max' ? 'max' : Number(level),
    },
    visualizer: data.get('visualizer') === 'on',
  };
}

/** An element the dialog's own markup is known to contain. */
function part<T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string): T {
  const e = root.querySelector<T>(selector);
  if (!e) throw new Error(`import dialog: missing ${selector}`);
  return e;
}

const LEVELS = ['1', '2', '3', '4', '5', '6', 'max'];

/** Opens the dialog; `onImport` creates the game (its error is shown in the dialog). */
export function openImportDialog(onImport: (c: ImportChoice) => Promise<void>): HTMLDialogElement {
  document.querySelector('dialog.import-dialog')?.remove();
  const dialog = document.createElement('dialog');
  dialog.className = 'import-dialog';
  dialog.setAttribute('aria-label', 'Import a record');
  dialog.innerHTML = `
    <form method="dialog" class="import-form">
      <h2>Import a record</h2>
      <label class="block">Paste the record
        <textarea name="record" rows="8" spellcheck="false" placeholder='[Variant "stacked"]&#10;&#10;1. …'></textarea>
      </label>
      <label class="block">or open a file <input type="file" name="file" accept=".pgn,.txt,text/plain"></label>
      <fieldset><legend>Go on playing</legend>
        <label class="choice"><input type="radio" name="opponent" value="local" checked> Two players on this device</label>
        <label class="choice"><input type="radio" name="opponent" value="computer-white"> Against the computer, as White</label>
        <label class="choice"><input type="radio" name="opponent" value="computer-black"> Against the computer, as Black</label>
        <label class="inline">Look-ahead <select name="level" aria-label="Look-ahead">${LEVELS.map(
          (l) => `<option value="${l}"${l === '3' ? ' selected' : ''}>${l === 'max' ? 'Max' : l}</option>`,
        ).join('')}</select></label>
      </fieldset>
      <label class="block">Start after half-move <input type="number" name="record_ply" min="0" step="1" placeholder="the end" aria-label="Start after half-move"></label>
      <label class="choice"><input type="checkbox" name="visualizer" checked> Visualizer</label>
      <p class="error" role="alert" hidden></p>
      <div class="import-buttons">
        <button type="submit" class="import-start" value="import">Import and play</button>
        <button type="button" class="import-cancel">Cancel</button>
      </div>
    </form>`;
  document.body.append(dialog);
  const form = part<HTMLFormElement>(dialog, 'form');
  const text = part<HTMLTextAreaElement>(form, 'textarea');
  const error = part(form, '.error');
  const start = part<HTMLButtonElement>(form, '.import-start');
  part<HTMLInputElement>(form, 'input[type=file]').addEventListener('change', (e) => {
    const file = (e.currentTarget as HTMLInputElement).files?.[0];
    if (file) void file.text().then((t) => (text.value = t));
  });
  part(form, '.import-cancel').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!text.value.trim()) {
      error.textContent = 'Paste a record or open a file first.';
      error.hidden = false;
      return;
    }
    start.disabled = true;
    error.hidden = true;
    onImport(readImport(form))
      .then(() => dialog.close())
      .catch((e: unknown) => {
        error.textContent = e instanceof Error ? e.message : String(e);
        error.hidden = false;
      })
      .finally(() => (start.disabled = false));
  });
  dialog.showModal();
  text.focus();
  return dialog;
}
