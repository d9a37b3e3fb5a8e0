/**
 * Demo 3D models for seeded toys.
 *
 * Every model is built procedurally with glTF-Transform from a handful of
 * generated primitives (boxes, prisms, cylinders, cones, spheres, tori) and
 * untextured PBR materials, then written as binary glTF (GLB). Units are
 * metres-ish: each toy is 0.2–0.4 units tall, centred on the origin in x/z and
 * resting on y = 0, with +y up and its front facing +z (the car and the duck
 * drive/swim towards +x).
 *
 * The output is a pure function of the arguments: the same kind and colours
 * always give the same bytes.
 */
import { Document, NodeIO, getBounds } from '@gltf-transform/core';
import type { Material, Mesh, Node, vec3, vec4 } from '@gltf-transform/core';

export type ModelKind = 'car' | 'robot' | 'ball' | 'blocks' | 'rocket' | 'duck';

export const MODEL_KINDS: readonly ModelKind[] = Object.freeze([
  'car',
  'robot',
  'ball',
  'blocks',
  'rocket',
  'duck',
]);

// ---------------------------------------------------------------------------
// Geometry generators. Triangles are counter-clockwise seen from outside.

interface Geometry {
  positions: number[];
  normals: number[];
  indices: number[];
}

const TAU = Math.PI * 2;

const empty = (): Geometry => ({ positions: [], normals: [], indices: [] });

/** Bounds-checked list access. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new RangeError(`Index ${i} out of range`);
  return item;
}

/** The i-th xyz triple of a flat array. */
function triple(list: readonly number[], i: number): vec3 {
  return [at(list, i * 3), at(list, i * 3 + 1), at(list, i * 3 + 2)];
}

function normalize(x: number, y: number, z: number): vec3 {
  const len = Math.hypot(x, y, z) || 1;
  return [x / len, y / len, z / len];
}

/** Axis-aligned box centred on the origin; flat-shaded (24 vertices). */
function box(sx: number, sy: number, sz: number): Geometry {
  const g = empty();
  const [hx, hy, hz] = [sx / 2, sy / 2, sz / 2];
  // Each face: normal, then two in-plane axes u, v with u × v = normal.
  const faces: [vec3, vec3, vec3][] = [
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = g.positions.length / 3;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      g.positions.push(
        (n[0] + su * u[0] + sv * v[0]) * hx,
        (n[1] + su * u[1] + sv * v[1]) * hy,
        (n[2] + su * u[2] + sv * v[2]) * hz,
      );
      g.normals.push(...n);
    }
    g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return g;
}

/**
 * Straight prism: a convex polygon in the xy plane (counter-clockwise, seen
 * from +z) extruded symmetrically along z. Flat-shaded.
 */
function prism(outline: readonly (readonly [number, number])[], depth: number): Geometry {
  const g = empty();
  const hz = depth / 2;
  const n = outline.length;
  // Caps.
  for (const side of [1, -1] as const) {
    const base = g.positions.length / 3;
    for (const [x, y] of outline) {
      g.positions.push(x, y, side * hz);
      g.normals.push(0, 0, side);
    }
    for (let i = 1; i < n - 1; i++) {
      if (side === 1) g.indices.push(base, base + i, base + i + 1);
      else g.indices.push(base, base + i + 1, base + i);
    }
  }
  // Walls.
  for (let i = 0; i < n; i++) {
    const [x0, y0] = at(outline, i);
    const [x1, y1] = at(outline, (i + 1) % n);
    const [nx, ny] = normalize(y1 - y0, x0 - x1, 0);
    const base = g.positions.length / 3;
    g.positions.push(x0, y0, hz, x0, y0, -hz, x1, y1, -hz, x1, y1, hz);
    for (let k = 0; k < 4; k++) g.normals.push(nx, ny, 0);
    g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return g;
}

interface CylinderOptions {
  radiusTop: number;
  radiusBottom: number;
  height: number;
  segments?: number;
  capTop?: boolean;
  capBottom?: boolean;
}

/**
 * Cylinder or cone frustum along y, centred on the origin. Smooth sides,
 * flat caps. A zero top radius makes a cone.
 */
function cylinder(o: CylinderOptions): Geometry {
  const g = empty();
  const segments = o.segments ?? 24;
  const hy = o.height / 2;
  const slope = (o.radiusBottom - o.radiusTop) / o.height;
  // Sides: a top ring and a bottom ring, seam duplicated.
  for (const [y, r] of [
    [hy, o.radiusTop],
    [-hy, o.radiusBottom],
  ] as const) {
    for (let i = 0; i <= segments; i++) {
      const t = ((i % segments) / segments) * TAU;
      const s = Math.sin(t);
      const c = Math.cos(t);
      g.positions.push(r * s, y, r * c);
      g.normals.push(...normalize(s, slope, c));
    }
  }
  const row = segments + 1;
  for (let i = 0; i < segments; i++) {
    const a = i;
    const b = row + i;
    const c = row + i + 1;
    const d = i + 1;
    if (o.radiusTop > 0) g.indices.push(a, b, d);
    if (o.radiusBottom > 0) g.indices.push(b, c, d);
  }
  for (const [top, y, r] of [
    [true, hy, o.radiusTop],
    [false, -hy, o.radiusBottom],
  ] as const) {
    if (r <= 0 || (top ? o.capTop === false : o.capBottom === false)) continue;
    const sign = top ? 1 : -1;
    const centre = g.positions.length / 3;
    g.positions.push(0, y, 0);
    g.normals.push(0, sign, 0);
    for (let i = 0; i < segments; i++) {
      const t = (i / segments) * TAU;
      g.positions.push(r * Math.sin(t), y, r * Math.cos(t));
      g.normals.push(0, sign, 0);
    }
    for (let i = 0; i < segments; i++) {
      const a = centre + 1 + i;
      const b = centre + 1 + ((i + 1) % segments);
      if (top) g.indices.push(centre, a, b);
      else g.indices.push(centre, b, a);
    }
  }
  return g;
}

/**
 * Surface of revolution about y from a profile of [radius, y] points listed
 * top to bottom. Smooth normals from the profile's tangents.
 */
function lathe(profile: readonly (readonly [number, number])[], segments = 32): Geometry {
  const g = empty();
  const n = profile.length;
  for (let j = 0; j < n; j++) {
    const [rPrev, yPrev] = at(profile, Math.max(0, j - 1));
    const [rNext, yNext] = at(profile, Math.min(n - 1, j + 1));
    // Walking down the profile, the outward normal is the tangent turned by -90°.
    const [nr, ny] = normalize(yPrev - yNext, rNext - rPrev, 0);
    const [r, y] = at(profile, j);
    for (let i = 0; i <= segments; i++) {
      const t = ((i % segments) / segments) * TAU;
      g.positions.push(r * Math.sin(t), y, r * Math.cos(t));
      g.normals.push(nr * Math.sin(t), ny, nr * Math.cos(t));
    }
  }
  const row = segments + 1;
  for (let j = 0; j < n - 1; j++) {
    for (let i = 0; i < segments; i++) {
      const a = j * row + i;
      const b = (j + 1) * row + i;
      const c = (j + 1) * row + i + 1;
      const d = j * row + i + 1;
      if (at(profile, j)[0] > 0) g.indices.push(a, b, d);
      if (at(profile, j + 1)[0] > 0) g.indices.push(b, c, d);
    }
  }
  return g;
}

interface SphereOptions {
  radius: number;
  widthSegments?: number;
  heightSegments?: number;
  /** Longitude range (radians), measured around y. */
  phiStart?: number;
  phiLength?: number;
  /** Latitude range (radians), measured from the +y pole. */
  thetaStart?: number;
  thetaLength?: number;
}

/** UV sphere (or a wedge / cap of one), smooth normals, centred on the origin. */
function sphere(o: SphereOptions): Geometry {
  const g = empty();
  const ws = o.widthSegments ?? 24;
  const hs = o.heightSegments ?? 16;
  const phiStart = o.phiStart ?? 0;
  const phiLength = o.phiLength ?? TAU;
  const thetaStart = o.thetaStart ?? 0;
  const thetaLength = o.thetaLength ?? Math.PI;
  const thetaEnd = thetaStart + thetaLength;
  const eps = 1e-9;
  for (let iy = 0; iy <= hs; iy++) {
    const theta = thetaStart + (iy / hs) * thetaLength;
    for (let ix = 0; ix <= ws; ix++) {
      const phi = phiStart + (ix / ws) * phiLength;
      const nx = -Math.cos(phi) * Math.sin(theta);
      const ny = Math.cos(theta);
      const nz = Math.sin(phi) * Math.sin(theta);
      g.positions.push(o.radius * nx, o.radius * ny, o.radius * nz);
      g.normals.push(nx, ny, nz);
    }
  }
  const row = ws + 1;
  for (let iy = 0; iy < hs; iy++) {
    for (let ix = 0; ix < ws; ix++) {
      const a = iy * row + ix + 1;
      const b = iy * row + ix;
      const c = (iy + 1) * row + ix;
      const d = (iy + 1) * row + ix + 1;
      if (iy !== 0 || thetaStart > eps) g.indices.push(a, b, d);
      if (iy !== hs - 1 || thetaEnd < Math.PI - eps) g.indices.push(b, c, d);
    }
  }
  return g;
}

/** Torus around the z axis (lying in the xy plane), smooth normals. */
function torus(radius: number, tube: number, radialSegments = 12, tubularSegments = 32): Geometry {
  const g = empty();
  for (let j = 0; j <= radialSegments; j++) {
    const v = ((j % radialSegments) / radialSegments) * TAU;
    for (let i = 0; i <= tubularSegments; i++) {
      const u = ((i % tubularSegments) / tubularSegments) * TAU;
      const cx = radius * Math.cos(u);
      const cy = radius * Math.sin(u);
      const x = (radius + tube * Math.cos(v)) * Math.cos(u);
      const y = (radius + tube * Math.cos(v)) * Math.sin(u);
      const z = tube * Math.sin(v);
      g.positions.push(x, y, z);
      g.normals.push(...normalize(x - cx, y - cy, z));
    }
  }
  const row = tubularSegments + 1;
  for (let j = 1; j <= radialSegments; j++) {
    for (let i = 1; i <= tubularSegments; i++) {
      const a = row * j + i - 1;
      const b = row * (j - 1) + i - 1;
      const c = row * (j - 1) + i;
      const d = row * j + i;
      g.indices.push(a, b, d, b, c, d);
    }
  }
  return g;
}

// Transforms baked into geometry (node transforms are used for placement).

type Mat3 = [number, number, number, number, number, number, number, number, number];

function applyLinear(g: Geometry, m: Mat3, normalMatrix: Mat3): Geometry {
  const out = empty();
  out.indices = g.indices.slice();
  for (let i = 0; i < g.positions.length / 3; i++) {
    const [x, y, z] = triple(g.positions, i);
    out.positions.push(
      m[0] * x + m[1] * y + m[2] * z,
      m[3] * x + m[4] * y + m[5] * z,
      m[6] * x + m[7] * y + m[8] * z,
    );
    const [a, b, c] = triple(g.normals, i);
    const n = normalMatrix;
    out.normals.push(
      ...normalize(
        n[0] * a + n[1] * b + n[2] * c,
        n[3] * a + n[4] * b + n[5] * c,
        n[6] * a + n[7] * b + n[8] * c,
      ),
    );
  }
  return out;
}

function scaled(g: Geometry, sx: number, sy: number, sz: number): Geometry {
  return applyLinear(g, [sx, 0, 0, 0, sy, 0, 0, 0, sz], [1 / sx, 0, 0, 0, 1 / sy, 0, 0, 0, 1 / sz]);
}

/** Rotation about x: +y turns towards +z. */
function rotatedX(g: Geometry, angle: number): Geometry {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const m: Mat3 = [1, 0, 0, 0, c, -s, 0, s, c];
  return applyLinear(g, m, m);
}

/** Rotation about z: +x turns towards +y. */
function rotatedZ(g: Geometry, angle: number): Geometry {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const m: Mat3 = [c, -s, 0, s, c, 0, 0, 0, 1];
  return applyLinear(g, m, m);
}

function translated(g: Geometry, dx: number, dy: number, dz: number): Geometry {
  const offset: vec3 = [dx, dy, dz];
  return {
    positions: g.positions.map((v, i) => v + at(offset, i % 3)),
    normals: g.normals.slice(),
    indices: g.indices.slice(),
  };
}

function merged(...parts: Geometry[]): Geometry {
  const out = empty();
  for (const p of parts) {
    const base = out.positions.length / 3;
    out.positions.push(...p.positions);
    out.normals.push(...p.normals);
    for (const i of p.indices) out.indices.push(base + i);
  }
  return out;
}

/** Quaternion for a rotation of `angle` radians about a unit axis. */
function quat(axis: vec3, angle: number): vec4 {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

// ---------------------------------------------------------------------------
// Document helpers.

/** '#rrggbb' (sRGB) to a linear RGBA base colour factor, as glTF expects. */
function linearColor(hex: string): vec4 {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`Invalid colour "${hex}": expected #rrggbb`);
  const v = parseInt(m[1], 16);
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return [channel((v >> 16) & 0xff), channel((v >> 8) & 0xff), channel(v & 0xff), 1];
}

interface Finish {
  metallic?: number;
  roughness?: number;
}

class ModelBuilder {
  readonly doc = new Document();
  private readonly buffer = this.doc.createBuffer();
  private readonly materials = new Map<string, Material>();
  readonly root: Node;

  constructor(name: string) {
    this.doc.getRoot().getAsset().generator = 'Vitrine toy-models';
    this.root = this.doc.createNode(name);
    this.doc.createScene(name).addChild(this.root);
  }

  material(name: string, hex: string, finish: Finish = {}): Material {
    const key = `${name}|${hex}|${finish.metallic ?? ''}|${finish.roughness ?? ''}`;
    let mat = this.materials.get(key);
    if (!mat) {
      mat = this.doc
        .createMaterial(name)
        .setBaseColorFactor(linearColor(hex))
        .setMetallicFactor(finish.metallic ?? 0)
        .setRoughnessFactor(finish.roughness ?? 0.5);
      this.materials.set(key, mat);
    }
    return mat;
  }

  /** A mesh with one primitive per (geometry, material) pair. */
  mesh(name: string, parts: [Geometry, Material][]): Mesh {
    const mesh = this.doc.createMesh(name);
    for (const [g, mat] of parts) {
      const vertexCount = g.positions.length / 3;
      const position = this.doc
        .createAccessor()
        .setType('VEC3')
        .setArray(new Float32Array(g.positions))
        .setBuffer(this.buffer);
      const normal = this.doc
        .createAccessor()
        .setType('VEC3')
        .setArray(new Float32Array(g.normals))
        .setBuffer(this.buffer);
      const indices = this.doc
        .createAccessor()
        .setType('SCALAR')
        .setArray(vertexCount > 0xffff ? new Uint32Array(g.indices) : new Uint16Array(g.indices))
        .setBuffer(this.buffer);
      mesh.addPrimitive(
        this.doc
          .createPrimitive()
          .setAttribute('POSITION', position)
          .setAttribute('NORMAL', normal)
          .setIndices(indices)
          .setMaterial(mat),
      );
    }
    return mesh;
  }

  /** A child node of `parent` (the model root by default). */
  node(
    name: string,
    opts: { parent?: Node; mesh?: Mesh; at?: vec3; rotation?: vec4; scale?: vec3 } = {},
  ): Node {
    const node = this.doc.createNode(name);
    if (opts.mesh) node.setMesh(opts.mesh);
    if (opts.at) node.setTranslation(opts.at);
    if (opts.rotation) node.setRotation(opts.rotation);
    if (opts.scale) node.setScale(opts.scale);
    (opts.parent ?? this.root).addChild(node);
    return node;
  }

  /** A node carrying a one-primitive mesh. */
  part(
    name: string,
    g: Geometry,
    mat: Material,
    opts: { parent?: Node; at?: vec3; rotation?: vec4 } = {},
  ): Node {
    return this.node(name, { ...opts, mesh: this.mesh(name, [[g, mat]]) });
  }

  /** Centre the model on x/z, rest it on y = 0, and encode it as GLB. */
  async finish(): Promise<Uint8Array> {
    const scene = this.doc.getRoot().getDefaultScene() ?? at(this.doc.getRoot().listScenes(), 0);
    const { min, max } = getBounds(scene);
    const round = (v: number): number => Math.round(v * 1e6) / 1e6;
    this.root.setTranslation([round(-(min[0] + max[0]) / 2), round(-min[1]), round(-(min[2] + max[2]) / 2)]);
    return new NodeIO().writeBinary(this.doc);
  }
}

const WHITE = '#f5f5f2';
const BLACK = '#1c1c1f';
const GLASS = '#8fc8e8';
const STEEL = '#c7ccd1';

const plastic: Finish = { metallic: 0, roughness: 0.45 };
const rubber: Finish = { metallic: 0, roughness: 0.7 };
const shiny: Finish = { metallic: 0.2, roughness: 0.4 };

// ---------------------------------------------------------------------------
// Models.

function buildCar(b: ModelBuilder, color: string, accent: string): void {
  const paint = b.material('paint', color, { metallic: 0.1, roughness: 0.4 });
  const trim = b.material('trim', accent, plastic);
  const glass = b.material('glass', GLASS, { metallic: 0.1, roughness: 0.4 });
  const tyre = b.material('tyre', BLACK, rubber);
  const chrome = b.material('hubcap', STEEL, shiny);
  const lamp = b.material('headlight', '#fff6c8', { metallic: 0, roughness: 0.4 });
  const tail = b.material('taillight', '#d0202a', { metallic: 0, roughness: 0.4 });

  // Length along x (front at +x), width along z.
  const wheelR = 0.05;
  const wheelY = wheelR;
  const body = b.node('body', { at: [0, 0.085, 0] });
  b.part('chassis', box(0.42, 0.075, 0.19), paint, { parent: body });
  b.part('hood-stripe', box(0.12, 0.004, 0.05), trim, { parent: body, at: [0.14, 0.0395, 0] });
  b.part('bumper-front', box(0.02, 0.03, 0.2), trim, { parent: body, at: [0.215, -0.02, 0] });
  b.part('bumper-rear', box(0.02, 0.03, 0.2), trim, { parent: body, at: [-0.215, -0.02, 0] });
  const light = rotatedZ(
    cylinder({ radiusTop: 0.016, radiusBottom: 0.016, height: 0.01, segments: 16 }),
    -Math.PI / 2,
  );
  const lightMesh = b.mesh('headlight', [[light, lamp]]);
  const tailMesh = b.mesh('taillight', [[light, tail]]);
  for (const z of [-0.06, 0.06]) {
    b.node('headlight', { parent: body, mesh: lightMesh, at: [0.21, 0.012, z] });
    b.node('taillight', {
      parent: body,
      mesh: tailMesh,
      at: [-0.21, 0.012, z],
      rotation: quat([0, 1, 0], Math.PI),
    });
  }

  // Cabin: a trapezoid prism with glass set into it.
  const y0 = 0.1225;
  const cabinOutline = [
    [-0.13, y0],
    [0.07, y0],
    [0.02, y0 + 0.085],
    [-0.11, y0 + 0.085],
  ] as const;
  const cabin = b.part('cabin', prism(cabinOutline, 0.16), paint);
  const sideWindow = prism(
    [
      [-0.115, y0 + 0.012],
      [0.05, y0 + 0.012],
      [0.012, y0 + 0.072],
      [-0.1, y0 + 0.072],
    ],
    0.164,
  );
  b.part('side-windows', sideWindow, glass, { parent: cabin });
  // Windscreen and rear window lie on the sloped faces.
  // rotatedZ(θ) turns +y to (-sin θ, cos θ): tilt each pane onto its slope,
  // then push it out along the face normal.
  const frontLen = Math.hypot(0.05, 0.085);
  b.part('windscreen', rotatedZ(box(0.004, frontLen * 0.78, 0.13), Math.atan2(0.05, 0.085)), glass, {
    parent: cabin,
    at: [0.045 + (0.002 * 0.085) / frontLen, y0 + 0.0425 + (0.002 * 0.05) / frontLen, 0],
  });
  const rearLen = Math.hypot(0.02, 0.085);
  b.part('rear-window', rotatedZ(box(0.004, rearLen * 0.7, 0.13), -Math.atan2(0.02, 0.085)), glass, {
    parent: cabin,
    at: [-0.12 - (0.002 * 0.085) / rearLen, y0 + 0.0425 + (0.002 * 0.02) / rearLen, 0],
  });
  b.part(
    'roof-light',
    sphere({ radius: 0.014, thetaLength: Math.PI / 2, heightSegments: 6, widthSegments: 16 }),
    trim,
    {
      parent: cabin,
      at: [-0.045, y0 + 0.085, 0],
    },
  );

  // Wheels: tyre (torus about z) plus a hubcap disc, one mesh shared by all four.
  const hub = translated(
    rotatedX(cylinder({ radiusTop: 0.03, radiusBottom: 0.034, height: 0.012, segments: 24 }), Math.PI / 2),
    0,
    0,
    0.012,
  );
  const hubNut = translated(
    rotatedX(cylinder({ radiusTop: 0.008, radiusBottom: 0.01, height: 0.008, segments: 12 }), Math.PI / 2),
    0,
    0,
    0.021,
  );
  const wheel = b.mesh('wheel', [
    [torus(0.034, 0.017, 12, 32), tyre],
    [
      rotatedX(cylinder({ radiusTop: 0.02, radiusBottom: 0.02, height: 0.03, segments: 16 }), Math.PI / 2),
      tyre,
    ],
    [merged(hub, hubNut), chrome],
  ]);
  const wheels = b.node('wheels');
  for (const [name, x, z] of [
    ['wheel-front-left', 0.135, -0.095],
    ['wheel-front-right', 0.135, 0.095],
    ['wheel-rear-left', -0.135, -0.095],
    ['wheel-rear-right', -0.135, 0.095],
  ] as const) {
    // Hubcaps face outwards: flip the left-hand wheels.
    b.node(name, {
      parent: wheels,
      mesh: wheel,
      at: [x, wheelY, z],
      rotation: z < 0 ? quat([0, 1, 0], Math.PI) : undefined,
    });
  }
}

function buildRobot(b: ModelBuilder, color: string, accent: string): void {
  const shell = b.material('shell', color, { metallic: 0.15, roughness: 0.45 });
  const trim = b.material('trim', accent, plastic);
  const joint = b.material('joint', STEEL, shiny);
  const dark = b.material('dark', BLACK, { metallic: 0, roughness: 0.6 });
  const eyeWhite = b.material('eye', WHITE, { metallic: 0, roughness: 0.4 });

  // Legs and feet.
  const legMesh = b.mesh('leg', [
    [translated(box(0.042, 0.085, 0.045), 0, 0.0625, 0), joint],
    [translated(box(0.056, 0.022, 0.075), 0, 0.011, 0.01), shell],
  ]);
  for (const x of [-0.035, 0.035]) b.node(x < 0 ? 'leg-right' : 'leg-left', { mesh: legMesh, at: [x, 0, 0] });

  // Torso with chest panel and buttons.
  const torso = b.part('torso', box(0.15, 0.125, 0.095), shell, { at: [0, 0.1675, 0] });
  b.part('hips', box(0.11, 0.02, 0.07), dark, { parent: torso, at: [0, -0.07, 0] });
  b.part('chest-panel', box(0.085, 0.055, 0.006), trim, { parent: torso, at: [0, 0.012, 0.0485] });
  const button = rotatedX(
    cylinder({ radiusTop: 0.007, radiusBottom: 0.007, height: 0.006, segments: 12 }),
    Math.PI / 2,
  );
  const buttonMesh = b.mesh('button', [[button, eyeWhite]]);
  for (const x of [-0.025, 0, 0.025])
    b.node('button', { parent: torso, mesh: buttonMesh, at: [x, -0.038, 0.049] });

  // Arms: shoulder ball, upper arm, forearm, claw hand.
  const arm = b.mesh('arm', [
    [sphere({ radius: 0.022, widthSegments: 16, heightSegments: 10 }), joint],
    [
      translated(
        cylinder({ radiusTop: 0.014, radiusBottom: 0.014, height: 0.05, segments: 16 }),
        0,
        -0.03,
        0,
      ),
      joint,
    ],
    [translated(box(0.03, 0.05, 0.03), 0, -0.075, 0), shell],
    [translated(torus(0.014, 0.006, 8, 20), 0, -0.112, 0), trim],
  ]);
  for (const x of [-0.092, 0.092]) {
    b.node(x < 0 ? 'arm-right' : 'arm-left', {
      parent: torso,
      mesh: arm,
      at: [x, 0.04, 0],
      rotation: quat([0, 0, 1], x < 0 ? -0.12 : 0.12),
    });
  }

  // Neck and head.
  b.part('neck', cylinder({ radiusTop: 0.018, radiusBottom: 0.018, height: 0.02, segments: 16 }), joint, {
    parent: torso,
    at: [0, 0.0725, 0],
  });
  const head = b.part('head', box(0.115, 0.085, 0.085), shell, { parent: torso, at: [0, 0.125, 0] });
  const eye = rotatedX(
    cylinder({ radiusTop: 0.016, radiusBottom: 0.016, height: 0.006, segments: 20 }),
    Math.PI / 2,
  );
  const pupil = translated(
    rotatedX(cylinder({ radiusTop: 0.008, radiusBottom: 0.008, height: 0.004, segments: 16 }), Math.PI / 2),
    0,
    0,
    0.004,
  );
  const eyeMesh = b.mesh('eye', [
    [eye, eyeWhite],
    [pupil, dark],
  ]);
  for (const x of [-0.026, 0.026])
    b.node(x < 0 ? 'eye-right' : 'eye-left', { parent: head, mesh: eyeMesh, at: [x, 0.01, 0.0445] });
  b.part('mouth', box(0.05, 0.01, 0.004), dark, { parent: head, at: [0, -0.022, 0.0435] });
  const ear = rotatedZ(
    cylinder({ radiusTop: 0.012, radiusBottom: 0.016, height: 0.012, segments: 16 }),
    -Math.PI / 2,
  );
  const earMesh = b.mesh('ear', [[ear, trim]]);
  b.node('ear-left', { parent: head, mesh: earMesh, at: [0.0635, 0, 0] });
  b.node('ear-right', {
    parent: head,
    mesh: earMesh,
    at: [-0.0635, 0, 0],
    rotation: quat([0, 1, 0], Math.PI),
  });
  const antenna = b.node('antenna', { parent: head, at: [0, 0.0425, 0] });
  b.part(
    'antenna-rod',
    cylinder({ radiusTop: 0.003, radiusBottom: 0.004, height: 0.04, segments: 10 }),
    joint,
    {
      parent: antenna,
      at: [0, 0.02, 0],
    },
  );
  b.part('antenna-tip', sphere({ radius: 0.011, widthSegments: 16, heightSegments: 10 }), trim, {
    parent: antenna,
    at: [0, 0.045, 0],
  });
}

function buildBall(b: ModelBuilder, color: string, accent: string): void {
  const colours = [
    b.material('panel-colour', color, plastic),
    b.material('panel-white', WHITE, plastic),
    b.material('panel-accent', accent, plastic),
  ];
  const radius = 0.15;
  const wedges = 6;
  const ball = b.node('ball', { at: [0, radius, 0] });
  const parts: [Geometry, Material][] = [];
  for (let i = 0; i < wedges; i++) {
    const g = sphere({
      radius,
      widthSegments: 8,
      heightSegments: 24,
      phiStart: (i / wedges) * TAU,
      phiLength: TAU / wedges,
    });
    parts.push([g, at(colours, i % colours.length)]);
  }
  b.node('panels', { parent: ball, mesh: b.mesh('panels', parts) });
  // White pole caps over the seams, and a valve.
  const cap = sphere({ radius: radius * 1.004, widthSegments: 24, heightSegments: 3, thetaLength: 0.2 });
  const white = at(colours, 1);
  const capMesh = b.mesh('cap', [[cap, white]]);
  b.node('cap-top', { parent: ball, mesh: capMesh });
  b.node('cap-bottom', { parent: ball, mesh: capMesh, rotation: quat([1, 0, 0], Math.PI) });
  b.part('valve', cylinder({ radiusTop: 0.006, radiusBottom: 0.008, height: 0.008, segments: 12 }), white, {
    parent: ball,
    at: [0, 0.05, radius * 0.955],
    rotation: quat([1, 0, 0], Math.PI / 2),
  });
}

function buildBlocks(b: ModelBuilder, color: string, accent: string): void {
  const mats = [
    b.material('brick-colour', color, plastic),
    b.material('brick-accent', accent, plastic),
    b.material('brick-white', WHITE, plastic),
  ];
  const pitch = 0.04;
  const height = 0.048;
  const stud = cylinder({
    radiusTop: 0.012,
    radiusBottom: 0.012,
    height: 0.009,
    segments: 20,
    capBottom: false,
  });
  const studMeshes = mats.map((m, i) => b.mesh(`stud-${i}`, [[stud, m]]));
  const brickMeshes = new Map<string, Mesh>();

  const brick = (
    name: string,
    cols: number,
    rows: number,
    matIndex: number,
    x: number,
    level: number,
    z: number,
  ): void => {
    const key = `${cols}x${rows}-${matIndex}`;
    let mesh = brickMeshes.get(key);
    if (!mesh) {
      // Slightly inset so stacked bricks show a seam.
      mesh = b.mesh(`brick-${key}`, [
        [box(cols * pitch - 0.001, height, rows * pitch - 0.001), at(mats, matIndex)],
      ]);
      brickMeshes.set(key, mesh);
    }
    const node = b.node(name, { mesh, at: [x, level * height + height / 2, z] });
    for (let c = 0; c < cols; c++) {
      for (let r = 0; r < rows; r++) {
        b.node('stud', {
          parent: node,
          mesh: at(studMeshes, matIndex),
          at: [(c - (cols - 1) / 2) * pitch, height / 2 + 0.0045, (r - (rows - 1) / 2) * pitch],
        });
      }
    }
  };
  brick('brick-1', 4, 2, 0, 0, 0, 0);
  brick('brick-2', 2, 4, 1, -0.02, 1, 0.02);
  brick('brick-3', 2, 2, 2, -0.02, 2, 0.04);
  brick('brick-4', 2, 1, 0, -0.02, 3, 0.06);
  // A loose brick beside the stack.
  brick('brick-5', 2, 2, 1, 0.14, 0, 0.05);
}

function buildRocket(b: ModelBuilder, color: string, accent: string): void {
  const hull = b.material('hull', color, { metallic: 0.15, roughness: 0.4 });
  const trim = b.material('trim', accent, plastic);
  const white = b.material('white', WHITE, plastic);
  const glass = b.material('window', GLASS, { metallic: 0.1, roughness: 0.4 });
  const steel = b.material('nozzle', '#6d737a', shiny);

  const r = 0.052;
  const bodyBottom = 0.05;
  const bodyHeight = 0.21;
  const body = b.part(
    'body',
    cylinder({ radiusTop: r, radiusBottom: r * 0.92, height: bodyHeight, segments: 32 }),
    hull,
    {
      at: [0, bodyBottom + bodyHeight / 2, 0],
    },
  );
  const top = bodyHeight / 2;
  // Ogive nose cone with a slightly rounded tip.
  const noseHeight = 0.1;
  const steps = 14;
  const noseProfile: [number, number][] = [];
  for (let i = steps; i >= 0; i--) {
    const t = i / steps;
    noseProfile.push([r * Math.pow(1 - t * t, 0.7), t * noseHeight]);
  }
  b.part('nose', lathe(noseProfile, 32), trim, { parent: body, at: [0, top, 0] });
  b.part(
    'band',
    cylinder({ radiusTop: r * 1.02, radiusBottom: r * 1.02, height: 0.016, segments: 32 }),
    white,
    {
      parent: body,
      at: [0, -0.045, 0],
    },
  );
  b.part('nozzle', cylinder({ radiusTop: 0.03, radiusBottom: 0.04, height: 0.035, segments: 24 }), steel, {
    parent: body,
    at: [0, -top - 0.0175, 0],
  });

  // Porthole on the front (+z).
  const porthole = b.node('porthole', { parent: body, at: [0, 0.045, r * 0.97] });
  b.part('porthole-rim', torus(0.022, 0.0055, 10, 28), white, { parent: porthole });
  b.part(
    'porthole-glass',
    rotatedX(cylinder({ radiusTop: 0.021, radiusBottom: 0.021, height: 0.006, segments: 24 }), Math.PI / 2),
    glass,
    {
      parent: porthole,
    },
  );

  // Three swept fins, from the body surface down to the ground.
  const fin = prism(
    [
      [0, -0.005],
      [0.058, -0.06],
      [0.058, -0.02],
      [0, 0.07],
    ],
    0.008,
  );
  const finMesh = b.mesh('fin', [[fin, trim]]);
  const fins = b.node('fins', { parent: body, at: [0, -top + 0.01, 0] });
  for (let i = 0; i < 3; i++) {
    const angle = (i / 3) * TAU + Math.PI / 2;
    // The fin profile lies in xy; rotate it about y and push it out to the hull.
    b.node(`fin-${i + 1}`, {
      parent: fins,
      mesh: finMesh,
      at: [0.046 * Math.cos(angle), 0, -0.046 * Math.sin(angle)],
      rotation: quat([0, 1, 0], angle),
    });
  }
}

function buildDuck(b: ModelBuilder, color: string, accent: string): void {
  const rubberMat = b.material('rubber', color, { metallic: 0, roughness: 0.5 });
  const beakMat = b.material('beak', accent, { metallic: 0, roughness: 0.5 });
  const eyeMat = b.material('eye', BLACK, { metallic: 0, roughness: 0.4 });
  const glint = b.material('eye-glint', WHITE, { metallic: 0, roughness: 0.4 });

  // Body: a squashed sphere with a flattened bottom, facing +x.
  const bodyGeo = scaled(
    sphere({ radius: 1, widthSegments: 32, heightSegments: 20, thetaLength: Math.PI * 0.82 }),
    0.13,
    0.095,
    0.105,
  );
  const bottom = Math.cos(Math.PI * 0.82) * 0.095;
  const body = b.node('body', { at: [0, -bottom, 0] });
  b.part('belly', bodyGeo, rubberMat, { parent: body });
  const baseR = Math.sin(Math.PI * 0.82);
  b.part(
    'base',
    scaled(
      cylinder({ radiusTop: 1, radiusBottom: 1, height: 0.002, segments: 32, capTop: false }),
      0.13 * baseR,
      1,
      0.105 * baseR,
    ),
    rubberMat,
    {
      parent: body,
      at: [0, bottom, 0],
    },
  );
  // Tail: a cone tilted up and back.
  b.part(
    'tail',
    cylinder({ radiusTop: 0, radiusBottom: 0.045, height: 0.08, segments: 24, capBottom: false }),
    rubberMat,
    {
      parent: body,
      at: [-0.11, 0.04, 0],
      rotation: quat([0, 0, 1], 0.9),
    },
  );
  const wing = scaled(sphere({ radius: 1, widthSegments: 20, heightSegments: 12 }), 0.065, 0.04, 0.018);
  const wingMesh = b.mesh('wing', [[wing, rubberMat]]);
  for (const z of [-0.095, 0.095]) {
    b.node(z < 0 ? 'wing-right' : 'wing-left', {
      parent: body,
      mesh: wingMesh,
      at: [-0.015, 0.025, z],
      rotation: quat([0, 0, 1], 0.25),
    });
  }

  // Head with beak and eyes.
  const head = b.part('head', sphere({ radius: 0.068, widthSegments: 32, heightSegments: 20 }), rubberMat, {
    parent: body,
    at: [0.055, 0.125, 0],
  });
  const beak = b.node('beak', { parent: head, at: [0.058, -0.012, 0] });
  b.part(
    'beak-upper',
    scaled(sphere({ radius: 1, widthSegments: 20, heightSegments: 12 }), 0.045, 0.014, 0.036),
    beakMat,
    {
      parent: beak,
      at: [0, 0.004, 0],
      rotation: quat([0, 0, 1], 0.08),
    },
  );
  b.part(
    'beak-lower',
    scaled(sphere({ radius: 1, widthSegments: 20, heightSegments: 12 }), 0.036, 0.01, 0.03),
    beakMat,
    {
      parent: beak,
      at: [-0.004, -0.01, 0],
      rotation: quat([0, 0, 1], -0.1),
    },
  );
  const eye = b.mesh('eye', [
    [sphere({ radius: 0.011, widthSegments: 16, heightSegments: 10 }), eyeMat],
    [translated(sphere({ radius: 0.0035, widthSegments: 10, heightSegments: 6 }), 0.006, 0.005, 0), glint],
  ]);
  for (const z of [-0.034, 0.034]) {
    b.node(z < 0 ? 'eye-right' : 'eye-left', {
      parent: head,
      mesh: eye,
      at: [0.046, 0.022, z],
      rotation: quat([0, 1, 0], z < 0 ? 0.6 : -0.6),
    });
  }
}

const BUILDERS: Record<ModelKind, (b: ModelBuilder, color: string, accent: string) => void> = {
  car: buildCar,
  robot: buildRobot,
  ball: buildBall,
  blocks: buildBlocks,
  rocket: buildRocket,
  duck: buildDuck,
};

/**
 * Build a demo model of the given kind as a binary glTF (GLB). `color` is the
 * main body colour and `accent` the trim colour, both '#rrggbb' (sRGB).
 */
export async function buildToyModel(kind: ModelKind, color: string, accent: string): Promise<Uint8Array> {
  const build = BUILDERS[kind];
  if (!build) throw new Error(`Unknown model kind "${String(kind)}"`);
  linearColor(color);
  linearColor(accent);
  const b = new ModelBuilder(kind);
  build(b, color, accent);
  return b.finish();
}
