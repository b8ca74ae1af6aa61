import { BoxGeometry, CylinderGeometry, Mesh, MeshBasicMaterial, PerspectiveCamera, type Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { pickAt, resolvePick, type StandIn } from '../src/picking';

// A camera straight above the origin looking down; stand-ins stacked under it, as the
// scene builds them (invisible meshes: raycasting needs no WebGL).
function camera(): PerspectiveCamera {
  const c = new PerspectiveCamera(40, 1, 0.1, 100);
  c.position.set(0, 20, 0);
  c.lookAt(0, 0, 0);
  c.updateMatrixWorld();
  return c;
}

const hidden = new MeshBasicMaterial({ visible: false });

function square(name: string, dark: boolean, y: number, x = 0, open = false): Mesh {
  const m = new Mesh(new BoxGeometry(1, 0.12, 1), hidden);
  m.position.set(x, y, 0);
  m.userData = { standIn: { pick: 'square', name, dark, open } satisfies StandIn };
  m.updateMatrixWorld();
  return m;
}

function piece(squareName: string, y: number): Mesh {
  const m = new Mesh(new CylinderGeometry(0.3, 0.3, 0.7, 10), hidden);
  m.position.set(0, y + 0.35, 0);
  m.userData = { standIn: { pick: 'piece', square: squareName } satisfies StandIn };
  m.updateMatrixWorld();
  return m;
}

const centre = { x: 0, y: 0 };
const on = (marked: string[] = []) => ({ visualizer: true, marked: new Set(marked) });
const off = { visualizer: false, marked: new Set<string>() };

describe('picking through see-through squares', () => {
  it('picks a piece seen through a clear square in front of it', () => {
    const objects: Object3D[] = [square('Ta1', false, 4), square('Ma1', true, 2), piece('Ma1', 2)];
    expect(pickAt(camera(), centre, objects, off)).toEqual({ kind: 'square', name: 'Ma1' });
  });
  it('a dark square blocks the piece behind it', () => {
    const objects = [square('Tb1', true, 4), square('Mb1', false, 2), piece('Mb1', 2)];
    expect(pickAt(camera(), centre, objects, off)).toEqual({ kind: 'square', name: 'Tb1' });
  });
  it('picks the clear square itself when nothing is behind it', () => {
    expect(pickAt(camera(), centre, [square('Tc1', false, 4)], off)).toEqual({ kind: 'square', name: 'Tc1' });
  });
  it('with the visualizer on, a marked square behind a clear square is picked', () => {
    const objects = [square('Td1', false, 4), square('Md1', false, 2), square('Bd1', true, 0)];
    expect(pickAt(camera(), centre, objects, on(['Md1']))).toEqual({ kind: 'square', name: 'Md1' });
    expect(pickAt(camera(), centre, objects, on(['Bd1']))).toEqual({ kind: 'square', name: 'Bd1' });
  });
  it('with the visualizer off, the clear square in front is picked', () => {
    const objects = [square('Td1', false, 4), square('Md1', false, 2), square('Bd1', true, 0)];
    expect(pickAt(camera(), centre, objects, { visualizer: false, marked: new Set(['Md1']) })).toEqual({
      kind: 'square',
      name: 'Td1',
    });
  });
  it('a marked square behind a dark square is not picked', () => {
    const objects = [square('Te1', true, 4), square('Me1', false, 2)];
    expect(pickAt(camera(), centre, objects, on(['Me1']))).toEqual({ kind: 'square', name: 'Te1' });
  });
  it('a marked clear square in front stays picked', () => {
    const objects = [square('Tf1', false, 4), square('Mf1', false, 2)];
    expect(pickAt(camera(), centre, objects, on(['Tf1', 'Mf1']))).toEqual({ kind: 'square', name: 'Tf1' });
  });
  it('a ray that hits nothing picks nothing', () => {
    expect(pickAt(camera(), { x: 0.95, y: 0.95 }, [square('Ta1', true, 0)], off)).toBeNull();
  });
  it('an attack-board destination outline is picked when hit', () => {
    const dest = new Mesh(new BoxGeometry(2, 0.1, 2), hidden);
    dest.position.set(0, 6, 0);
    dest.userData = { standIn: { pick: 'board-dest', to: 'b3(5)' } satisfies StandIn };
    dest.updateMatrixWorld();
    expect(pickAt(camera(), centre, [dest, square('b3(4)', true, 4)], on())).toEqual({ kind: 'board-dest', to: 'b3(5)' });
  });
  it('resolvePick walks hits in order and finds stand-ins on parents', () => {
    const parent = square('Ma2', true, 0);
    const child = new Mesh();
    parent.add(child);
    expect(resolvePick([{ object: child }], off)).toEqual({ kind: 'square', name: 'Ma2' });
    expect(resolvePick([], off)).toBeNull();
  });
});

describe('picking through opened squares (nothing hidden under a board)', () => {
  const opened = (name: string, dark: boolean, y: number) => square(name, dark, y, 0, true);
  it('an opened dark square lets the square and the piece behind it be picked', () => {
    expect(pickAt(camera(), centre, [opened('Tb1', true, 4), square('Mb1', false, 2), piece('Mb1', 2)], off)).toEqual({ kind: 'square', name: 'Mb1' });
    expect(pickAt(camera(), centre, [opened('Tb1', true, 4), square('Mb1', true, 2)], off)).toEqual({ kind: 'square', name: 'Mb1' });
  });
  it('an opened square is picked when nothing lies behind it', () => {
    expect(pickAt(camera(), centre, [opened('Tc1', true, 4)], off)).toEqual({ kind: 'square', name: 'Tc1' });
  });
  it('a marked opened square is picked before an unmarked one behind it, a marked one behind wins', () => {
    const objects = [opened('Td1', true, 4), square('Md1', true, 2)];
    expect(pickAt(camera(), centre, objects, on(['Td1']))).toEqual({ kind: 'square', name: 'Td1' });
    expect(pickAt(camera(), centre, objects, on(['Td1', 'Md1']))).toEqual({ kind: 'square', name: 'Md1' });
    expect(pickAt(camera(), centre, objects, off)).toEqual({ kind: 'square', name: 'Md1' });
  });
});
