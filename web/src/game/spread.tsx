// The spread control of the 3D view: how far apart the levels stand (stacked games).

import { SPREAD_MAX, SPREAD_MIN } from '../layout';
import type { BoardScene } from '../scene3d';

export function SpreadControl({ scene }: { scene: BoardScene | null }) {
  return (
    <label class="spread">
      Spread
      <input
        type="range"
        name="spread"
        min={SPREAD_MIN}
        max={SPREAD_MAX}
        step={0.1}
        defaultValue="1"
        disabled={!scene}
        onInput={(e) => scene?.setSpread(Number(e.currentTarget.value))}
      />
    </label>
  );
}
