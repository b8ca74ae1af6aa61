// A probe of the browser tests (built apart from the app: see index.ts).
// How much of a piece the boards let the camera show, measured on the rendered picture
// (for the browser tests of "nothing hidden"): the piece is painted one flat, loud colour
// and the scene without the other pieces is drawn with and without it, and it alone on an
// empty scene. A pixel of the piece's outline counts as seen when the piece changes it by
// at least half as much as it does on the empty scene, so a piece behind an opaque square
// counts as hidden and one behind two veils of glass as faint.

import { MeshBasicMaterial, WebGLRenderTarget, type Camera, type Material, type Mesh, type Object3D, type Scene, type WebGLRenderer } from 'three';

const WIDTH = 480;
const PAINT = new MeshBasicMaterial({ color: 0xff00ff });

function difference(a: Uint8Array, b: Uint8Array, i: number): number {
  return Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
}

/**
 * The share (0..1) of `piece`'s outline that is seen from `camera`; `layers` are the
 * scene's groups other than the lights (hidden for the picture of the piece alone).
 */
export function visibleFraction(renderer: WebGLRenderer, scene: Scene, camera: Camera & { aspect: number }, piece: Object3D, layers: Object3D[]): number {
  const width = WIDTH;
  const height = Math.max(1, Math.round(WIDTH / camera.aspect));
  const target = new WebGLRenderTarget(width, height);
  const shot = () => {
    renderer.setRenderTarget(target);
    renderer.render(scene, camera);
    const pixels = new Uint8Array(width * height * 4);
    renderer.readRenderTargetPixels(target, 0, 0, width, height, pixels);
    return pixels;
  };
  const shown = layers.map((l) => l.visible);
  const siblings = piece.parent ? piece.parent.children.map((c) => c.visible) : [];
  // By its flag: this module is built apart from the app, with its own copy of three.js.
  const mesh = (piece as Partial<Mesh>).isMesh ? (piece as Mesh) : null;
  const material = mesh?.material as Material | undefined;
  if (mesh) mesh.material = PAINT;
  try {
    // Other pieces may stand in front of it as on any board; only boards and marks count.
    for (const c of piece.parent?.children ?? []) c.visible = c === piece;
    const whole = shot();
    piece.visible = false;
    const without = shot();
    for (const l of layers) l.visible = false;
    const empty = shot();
    if (piece.parent) piece.parent.visible = true;
    piece.visible = true;
    const alone = shot();
    let outline = 0;
    let seen = 0;
    for (let i = 0; i < whole.length; i += 4) {
      const own = difference(alone, empty, i);
      if (own < 24) continue;
      outline++;
      if (difference(whole, without, i) >= own / 2) seen++;
    }
    return outline === 0 ? 0 : seen / outline;
  } finally {
    layers.forEach((l, i) => (l.visible = shown[i]));
    piece.parent?.children.forEach((c, i) => (c.visible = siblings[i]));
    piece.visible = true;
    if (mesh && material) mesh.material = material;
    renderer.setRenderTarget(null);
    target.dispose();
  }
}
