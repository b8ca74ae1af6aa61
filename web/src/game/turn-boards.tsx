// Turning the boards to either side, in the flat view and in 3D: a watcher chooses whose
// side is at the bottom; a player starts with their own (session.orientation).

import type { GameSession } from './session';

export function TurnBoards({ session }: { session: GameSession }) {
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
