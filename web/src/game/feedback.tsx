// What the player hears: an aria-live line announcing the selection, each move and the
// game's end (for screen readers), and the optional sounds for the same events.

import { useEffect, useState } from 'preact/hooks';
import { play, setSoundOn, soundOn } from '../sounds';
import { Announcements } from './announce';
import type { GameSession } from './session';

export function Announcer({ session }: { session: GameSession }) {
  const [said] = useState(() => new Announcements(session, play));
  useEffect(() => () => said.dispose(), [said]);
  return (
    <div class="sr-only announcer" aria-live="polite" aria-atomic="true">
      {said.text}
    </div>
  );
}

/** Sounds on or off (a toggle button: the game screen has no checkboxes of its own). */
export function SoundToggle() {
  const [on, setOn] = useState(soundOn());
  return (
    <button
      type="button"
      class="sound-toggle"
      aria-pressed={on}
      onClick={() => {
        setSoundOn(!on);
        setOn(!on);
      }}
    >
      {on ? 'Sounds: on' : 'Sounds: off'}
    </button>
  );
}
