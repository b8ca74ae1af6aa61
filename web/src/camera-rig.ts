// An orbit camera around the boards: azimuth turns all the way round, elevation goes
// below the horizon to look from underneath. Pure numbers, so it can be unit-tested.

export interface Orbit {
  azimuth: number;
  elevation: number;
  distance: number;
}

export const MIN_ELEVATION = -1.45;
export const MAX_ELEVATION = 1.45;

export function clampOrbit(o: Orbit, minDistance: number, maxDistance: number): Orbit {
  return {
    azimuth: o.azimuth,
    elevation: Math.min(MAX_ELEVATION, Math.max(MIN_ELEVATION, o.elevation)),
    distance: Math.min(maxDistance, Math.max(minDistance, o.distance)),
  };
}

/** Camera offset from the target for an orbit (y up; azimuth 0 looks from +z). */
export function orbitOffset(o: Orbit): { x: number; y: number; z: number } {
  const c = Math.cos(o.elevation);
  return {
    x: o.distance * Math.sin(o.azimuth) * c,
    y: o.distance * Math.sin(o.elevation),
    z: o.distance * Math.cos(o.azimuth) * c,
  };
}

/** The next tilt of the Tilt button: from high to level to below, then back up. */
export function nextTilt(elevation: number): number {
  const stops = [1.0, 0.55, 0.15, -0.45];
  const i = stops.findIndex((s) => elevation > s + 0.05);
  return i === -1 ? stops[0] : stops[i];
}

export function lerpOrbit(a: Orbit, b: Orbit, t: number): Orbit {
  const e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
  return {
    azimuth: a.azimuth + (b.azimuth - a.azimuth) * e,
    elevation: a.elevation + (b.elevation - a.elevation) * e,
    distance: a.distance + (b.distance - a.distance) * e,
  };
}
