import type { TempAuth } from '@vitrine/contract';
import { call } from './api';

export type PictureType = 'image/jpeg' | 'image/png';
export const PICTURE_TYPES: readonly PictureType[] = ['image/jpeg', 'image/png'];

/** Why an upload failed: storage's own reason, or 'network', 'tooLarge', 'type'. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** A multipart POST of the credential's fields and then the file; XMLHttpRequest for the progress. */
export function postWithCredential(
  auth: TempAuth,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (file.size > auth.max_bytes) return reject(new UploadError('tooLarge'));
    const form = new FormData();
    for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', auth.upload.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(auth.file_url);
      let reason = `HTTP ${xhr.status}`;
      try {
        const body = JSON.parse(xhr.responseText) as { tip?: string; reason?: string };
        reason = body.tip ?? body.reason ?? reason;
      } catch {
        reason = /<Message>([^<]{1,300})<\/Message>/.exec(xhr.responseText)?.[1] ?? reason;
      }
      reject(new UploadError(reason));
    };
    xhr.onerror = () => reject(new UploadError('network'));
    xhr.send(form);
  });
}

/** A picture for a setting: a credential from the server, then the file to storage; its URL. */
export async function uploadPicture(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const type = PICTURE_TYPES.find((t) => t === file.type);
  if (!type) throw new UploadError('type');
  const auth = await call('staff_get_upload_credential', { content_type: type });
  return postWithCredential(auth, file, onProgress);
}

/**
 * A product's 3D model (decision 0060): a .glb file, sent as model/gltf-binary (browsers give a
 * .glb no type, or application/octet-stream), within the size cap; the server checks its content.
 */
export async function uploadModel(
  file: File,
  maxBytes: number,
  onProgress: (fraction: number) => void,
): Promise<string> {
  if (!/\.glb$/i.test(file.name) && file.type !== 'model/gltf-binary') throw new UploadError('type');
  if (file.size > maxBytes) throw new UploadError('tooLarge');
  const auth = await call('staff_get_model_upload_credential', { content_type: 'model/gltf-binary' });
  return postWithCredential(auth, new Blob([file], { type: 'model/gltf-binary' }), onProgress);
}
