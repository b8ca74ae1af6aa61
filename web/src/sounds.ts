// Sounds for a move, a capture, a check and the game's end, made in the browser with the
// Web Audio API (nothing is downloaded). Off unless the player turns them on; the choice
// is kept in this browser.

export type SoundKind = 'move' | 'capture' | 'check' | 'end';

const KEY = 'spacechess.sound';

export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage may be disabled: the choice lasts for this page only.
  }
}

/** Each sound as notes: frequency (Hz), start and length (s), and the wave. */
const NOTES: Record<SoundKind, { f: number; t: number; d: number; wave: OscillatorType }[]> = {
  move: [{ f: 520, t: 0, d: 0.07, wave: 'triangle' }],
  capture: [
    { f: 300, t: 0, d: 0.09, wave: 'square' },
    { f: 180, t: 0.05, d: 0.12, wave: 'triangle' },
  ],
  check: [
    { f: 880, t: 0, d: 0.1, wave: 'sine' },
    { f: 660, t: 0.12, d: 0.14, wave: 'sine' },
  ],
  end: [
    { f: 392, t: 0, d: 0.25, wave: 'sine' },
    { f: 494, t: 0.12, d: 0.25, wave: 'sine' },
    { f: 587, t: 0.24, d: 0.45, wave: 'sine' },
  ],
};

let context: AudioContext | null = null;
/** What was played last (for the browser tests; sounds cannot be heard there). */
export const played: SoundKind[] = [];

export function play(kind: SoundKind): void {
  if (!soundOn()) return;
  played.push(kind);
  if (played.length > 50) played.shift();
  try {
    context ??= new AudioContext();
    const ctx = context;
    const now = ctx.currentTime;
    for (const n of NOTES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = n.wave;
      osc.frequency.value = n.f;
      gain.gain.setValueAtTime(0.0001, now + n.t);
      gain.gain.exponentialRampToValueAtTime(0.18, now + n.t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + n.t + n.d);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + n.t);
      osc.stop(now + n.t + n.d + 0.02);
    }
  } catch {
    // No audio in this browser: the game goes on silently.
  }
}
