import { NodeIO, getBounds, type Document, type TypedArray } from '@gltf-transform/core';
import { describe, it, expect } from 'vitest';
import { MODEL_KINDS, buildToyModel, type ModelKind } from './toy-models';

const COLOR = '#E53935';
const ACCENT = '#1E88E5';
const MAX_BYTES = 200 * 1024;

/** sRGB '#rrggbb' to the linear factors glTF stores. */
function linear(hex: string): number[] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
}

/** The i-th xyz triple of a flat array (NaN when out of range, which fails every check). */
function triple(a: TypedArray, i: number): [number, number, number] {
  return [a[i * 3] ?? NaN, a[i * 3 + 1] ?? NaN, a[i * 3 + 2] ?? NaN];
}

const cache = new Map<ModelKind, Promise<Uint8Array>>();
function model(kind: ModelKind): Promise<Uint8Array> {
  let glb = cache.get(kind);
  if (!glb) {
    glb = buildToyModel(kind, COLOR, ACCENT);
    cache.set(kind, glb);
  }
  return glb;
}

async function read(glb: Uint8Array): Promise<Document> {
  return new NodeIO().readBinary(glb);
}

describe('toy models', () => {
  it('covers six kinds', () => {
    expect([...MODEL_KINDS].sort()).toEqual(['ball', 'blocks', 'car', 'duck', 'robot', 'rocket']);
  });

  describe.each(MODEL_KINDS.map((kind) => [kind]))('%s', (kind) => {
    it('is a GLB version 2 under 200 KB', async () => {
      const glb = await model(kind);
      const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
      expect(view.getUint32(0, true)).toBe(0x46546c67); // 'glTF'
      expect(String.fromCharCode(...glb.subarray(0, 4))).toBe('glTF');
      expect(view.getUint32(4, true)).toBe(2);
      expect(view.getUint32(8, true)).toBe(glb.byteLength);
      expect(glb.byteLength).toBeLessThan(MAX_BYTES);
    });

    it('reads back with meshes, the requested colours and a toy-sized, grounded, centred bounding box', async () => {
      const doc = await read(await model(kind));
      const root = doc.getRoot();
      expect(root.listMeshes().length).toBeGreaterThanOrEqual(1);
      expect(root.listTextures()).toHaveLength(0);

      const factors = root.listMaterials().map((m) => m.getBaseColorFactor());
      for (const hex of [COLOR, ACCENT]) {
        const want = linear(hex);
        const found = factors.some(
          (f) => want.every((c, i) => Math.abs(c - (f[i] ?? NaN)) < 1e-6) && f[3] === 1,
        );
        expect(found, `${kind} has a material with base colour ${hex}`).toBe(true);
      }
      for (const m of root.listMaterials()) {
        expect(m.getMetallicFactor()).toBeGreaterThanOrEqual(0);
        expect(m.getMetallicFactor()).toBeLessThanOrEqual(0.2);
        expect(m.getRoughnessFactor()).toBeGreaterThanOrEqual(0.4);
        expect(m.getRoughnessFactor()).toBeLessThanOrEqual(0.7);
      }

      const scene = root.getDefaultScene() ?? root.listScenes()[0];
      if (!scene) throw new Error('no scene');
      const { min, max } = getBounds(scene);
      expect(min[1]).toBeCloseTo(0, 5);
      expect((min[0] + max[0]) / 2).toBeCloseTo(0, 5);
      expect((min[2] + max[2]) / 2).toBeCloseTo(0, 5);
      const height = max[1] - min[1];
      expect(height).toBeGreaterThanOrEqual(0.2);
      expect(height).toBeLessThanOrEqual(0.4);
    });

    it('has unit normals and outward-facing triangles', async () => {
      const doc = await read(await model(kind));
      for (const mesh of doc.getRoot().listMeshes()) {
        for (const prim of mesh.listPrimitives()) {
          const pos = prim.getAttribute('POSITION')?.getArray();
          const nrm = prim.getAttribute('NORMAL')?.getArray();
          const idx = prim.getIndices()?.getArray();
          if (!pos || !nrm || !idx) throw new Error(`${mesh.getName()}: missing POSITION, NORMAL or indices`);
          expect(nrm.length).toBe(pos.length);
          expect(idx.length % 3).toBe(0);
          for (let i = 0; i < nrm.length / 3; i++) {
            expect(Math.hypot(...triple(nrm, i))).toBeCloseTo(1, 4);
          }
          let inward = 0;
          for (let t = 0; t < idx.length / 3; t++) {
            const [a, b, c] = triple(idx, t);
            const [pa, pb, pc] = [triple(pos, a), triple(pos, b), triple(pos, c)];
            const e1 = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]] as const;
            const e2 = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]] as const;
            const cross = [
              e1[1] * e2[2] - e1[2] * e2[1],
              e1[2] * e2[0] - e1[0] * e2[2],
              e1[0] * e2[1] - e1[1] * e2[0],
            ] as const;
            let dot = 0;
            for (const v of [a, b, c]) {
              const n = triple(nrm, v);
              dot += cross[0] * n[0] + cross[1] * n[1] + cross[2] * n[2];
            }
            // Counter-clockwise seen from outside: the face normal agrees with the vertex normals.
            if (!(dot > 0)) inward++;
          }
          expect(inward, `${mesh.getName()}: triangles wound against their normals`).toBe(0);
        }
      }
    });

    it('is deterministic', async () => {
      const [a, b] = await Promise.all([
        buildToyModel(kind, COLOR, ACCENT),
        buildToyModel(kind, COLOR, ACCENT),
      ]);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      expect(Buffer.from(a).equals(Buffer.from(await model(kind)))).toBe(true);
    });
  });

  it('differs between colours', async () => {
    const a = await buildToyModel('car', COLOR, ACCENT);
    const b = await buildToyModel('car', '#43A047', ACCENT);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('rejects colours that are not #rrggbb', async () => {
    await expect(buildToyModel('ball', 'red', ACCENT)).rejects.toThrow(/#rrggbb/);
    await expect(buildToyModel('ball', COLOR, '#12345')).rejects.toThrow(/#rrggbb/);
  });
});
