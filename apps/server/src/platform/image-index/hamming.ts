/** Bytes in one ORB descriptor (256 bits). */
export const DESCRIPTOR_BYTES = 32;
/** 32-bit words in one ORB descriptor. */
export const DESCRIPTOR_WORDS = DESCRIPTOR_BYTES / 4;

export function popcount32(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Hamming distance between descriptor `i` of `a` and descriptor `j` of `b` (32-bit word views). */
export function hamming256(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  const p = i * DESCRIPTOR_WORDS;
  const q = j * DESCRIPTOR_WORDS;
  return (
    popcount32((a[p] as number) ^ (b[q] as number)) +
    popcount32((a[p + 1] as number) ^ (b[q + 1] as number)) +
    popcount32((a[p + 2] as number) ^ (b[q + 2] as number)) +
    popcount32((a[p + 3] as number) ^ (b[q + 3] as number)) +
    popcount32((a[p + 4] as number) ^ (b[q + 4] as number)) +
    popcount32((a[p + 5] as number) ^ (b[q + 5] as number)) +
    popcount32((a[p + 6] as number) ^ (b[q + 6] as number)) +
    popcount32((a[p + 7] as number) ^ (b[q + 7] as number))
  );
}

/**
 * A 32-bit word view of packed descriptors, copying only when the bytes are not 4-aligned
 * (a slice of a database blob may start anywhere).
 */
export function descriptorWords(bytes: Uint8Array): Uint32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 4));
}
