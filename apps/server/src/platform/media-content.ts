import { fileTypeFromBuffer } from 'file-type';

/**
 * What a declared video or audio type may turn out to be by its container signature (file-type
 * names some containers by one kind only: a WebM voice note reads as video/webm, an M4A as
 * audio/x-m4a, an iPhone .mov often as video/mp4).
 */
const CONTAINERS: Record<string, readonly string[]> = {
  'video/mp4': ['video/mp4', 'video/x-m4v', 'video/quicktime'],
  'video/quicktime': ['video/quicktime', 'video/mp4'],
  'video/webm': ['video/webm', 'video/x-matroska'],
  'audio/mpeg': ['audio/mpeg'],
  'audio/mp4': ['audio/mp4', 'audio/x-m4a', 'video/mp4'],
  'audio/ogg': ['audio/ogg', 'audio/opus'],
  'audio/webm': ['video/webm', 'audio/webm'],
  'audio/wav': ['audio/wav', 'audio/vnd.wave', 'audio/x-wav'],
};

export type MediaRefusal = 'empty' | 'tooLarge' | 'wrongType';

/**
 * Checks a video or audio file by its container signature (decision 0042): there is no decoder on
 * the server, so this is what stands between a file named .mp4 and an HTML page served as one.
 * The content must be a container the declared type allows, within the size cap.
 */
export async function checkMedia(
  bytes: Uint8Array,
  declaredType: string,
  maxBytes: number,
): Promise<{ ok: true; type: string } | { ok: false; reason: MediaRefusal }> {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > maxBytes) return { ok: false, reason: 'tooLarge' };
  const allowed = CONTAINERS[declaredType];
  const found = allowed ? await fileTypeFromBuffer(bytes).catch(() => undefined) : undefined;
  if (!found || !allowed?.includes(found.mime)) return { ok: false, reason: 'wrongType' };
  return { ok: true, type: declaredType };
}

/** Whether a type is one checkMedia knows. */
export const isMediaType = (type: string): boolean => type in CONTAINERS;
