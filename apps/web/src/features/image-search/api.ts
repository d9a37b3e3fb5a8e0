import { callApi } from '../../lib/api-client';
import { uploadWithCredential } from '../../lib/upload';
import type { EncodedImage } from './rules';

/**
 * Sends the picture straight to storage with a one-upload credential (get_temp_auth) and
 * answers where it can be read, which /proSearch hands to image_search. A refused credential is
 * told app-wide like any failed call (the server's tip); a failed upload rejects for the caller,
 * and aborting (the dialog closed) stops it.
 */
export async function uploadSearchImage(
  image: EncodedImage,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const auth = await callApi(
    'get_temp_auth',
    { purpose: 'image_search', content_type: image.type },
    { signal },
  );
  return uploadWithCredential(auth, image.blob, onProgress, { signal });
}
