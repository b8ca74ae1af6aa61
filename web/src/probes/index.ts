// The browser tests' probes: window.__spacechess (hook.ts) and what it measures of the 3D
// view (scene.ts, visibility.ts). This is an entry of its own, built apart from the app by
// the e2e harness (e2e/probes.mjs) and injected into every page a test opens before the
// page's scripts run; the app's bundle holds none of it (a test checks the built app for
// it). It waits for the game screen to offer its session (game/probe-port.ts).

import type { Probes } from '../game/probe-port';
import { installTestHook } from './hook';

const probes: Probes = { game: installTestHook };
(window as { __spacechessProbes?: Probes }).__spacechessProbes = probes;
