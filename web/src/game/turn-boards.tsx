// Turning the boards to either side, in the flat view and in 3D: a watcher chooses whose
// side is at the bottom; an online player starts with their own (session.orientation).

import type { GameSession } from './session';

export function TurnBoards({ session }: { session: GameSession }) {
  const v = session.view.value;
  // Offered where one side is someone else's: online games and watchers (a game on one
  // device keeps White's view; against the computer the player's side is at the bottom).
  if (!v || (v.mode !== 'online' && v.you?.length !== 0)) return null;
  const bottom = session.orientation.value;
  const other = bottom === 'white' ? 'Black' : 'White';
  return (
    <button
      type="button"
      class="turn-boards"
      data-orientation={bottom}
      aria-label={`Turn the boards: ${other} at the bottom`}
      title={`Turn the boards: ${other} at the bottom`}
      onClick={() => session.turnBoards()}
    >
      {`View from ${other}`}
    </button>
  );
}
