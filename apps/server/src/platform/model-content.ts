import { NodeIO } from '@gltf-transform/core';

/**
 * A product's 3D model is a binary glTF 2.0 file (GLB), the format the buyers' model-viewer reads
 * (decision 0060). Nothing on the server renders it, so it is checked as a container before it is
 * kept or linked: the 12-byte header (magic "glTF", version 2, the total length it declares equal
 * to the file's), a first chunk of type JSON that lies within the file, and then the whole file
 * read by glTF Transform (@gltf-transform/core), which parses the JSON as a glTF document and
 * resolves its accessors and embedded buffers. A file that is only named .glb (an HTML page, a
 * zip, a picture), a truncated one or one whose JSON is not glTF is refused.
 */

export type ModelRefusal = 'empty' | 'tooLarge' | 'notGlb' | 'wrongVersion' | 'badLength' | 'notGltf';

const MAGIC = 0x46546c67; // "glTF", little-endian
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const HEADER = 12;
const CHUNK_HEADER = 8;

/** The header and first chunk alone: cheap, and says precisely what is wrong. */
export function checkGlbContainer(
  bytes: Uint8Array,
): { ok: true; json: unknown } | { ok: false; reason: ModelRefusal } {
  if (bytes.length < HEADER + CHUNK_HEADER) return { ok: false, reason: 'notGlb' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) return { ok: false, reason: 'notGlb' };
  if (view.getUint32(4, true) !== 2) return { ok: false, reason: 'wrongVersion' };
  if (view.getUint32(8, true) !== bytes.length) return { ok: false, reason: 'badLength' };
  const jsonLength = view.getUint32(HEADER, true);
  if (view.getUint32(HEADER + 4, true) !== CHUNK_JSON) return { ok: false, reason: 'notGltf' };
  if (HEADER + CHUNK_HEADER + jsonLength > bytes.length) return { ok: false, reason: 'badLength' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(HEADER + CHUNK_HEADER, HEADER + CHUNK_HEADER + jsonLength),
    );
    const json: unknown = JSON.parse(text);
    const version = (json as { asset?: { version?: unknown } } | null)?.asset?.version;
    if (typeof version !== 'string' || !version.startsWith('2.')) return { ok: false, reason: 'notGltf' };
    return { ok: true, json };
  } catch {
    return { ok: false, reason: 'notGltf' };
  }
}

/** A GLB as it may be kept: within the size cap, a glTF 2.0 binary container that parses whole. */
export async function checkGlb(
  bytes: Uint8Array,
  maxBytes: number,
): Promise<{ ok: true } | { ok: false; reason: ModelRefusal }> {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > maxBytes) return { ok: false, reason: 'tooLarge' };
  const container = checkGlbContainer(bytes);
  if (!container.ok) return container;
  try {
    // Resolves the document: buffers, accessors, meshes. External files are not fetched (a GLB
    // whose parts live elsewhere would not show on the buyer's page either, and is refused).
    const doc = await new NodeIO().readBinary(bytes);
    return doc.getRoot().listScenes().length > 0 || doc.getRoot().listMeshes().length > 0
      ? { ok: true }
      : { ok: false, reason: 'notGltf' };
  } catch {
    return { ok: false, reason: 'notGltf' };
  }
}
