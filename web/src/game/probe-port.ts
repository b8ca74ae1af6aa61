// Where the browser tests' probes meet the app. The tests inject them (src/probes, built
// apart by the e2e harness, never part of the app's bundle) before the page's scripts run;
// the game screen hands them its session here. Without a test nothing is there, and this
// does nothing.

import { played, type SoundKind } from '../sounds';
import type { GameSession } from './session';

/** What the game screen hands the probes. */
export interface ProbeSubject {
  session: GameSession;
  /** The sounds played last (the module the probes bundle is not the app's: they cannot import it). */
  soundsPlayed: () => SoundKind[];
}

export interface Probes {
  game(subject: ProbeSubject): void;
}

export function offerToProbes(session: GameSession): void {
  (window as { __spacechessProbes?: Probes }).__spacechessProbes?.game({ session, soundsPlayed: () => played.slice() });
}
