import type { TempAuth } from '@vitrine/contract';

/**
 * Sends a file straight to storage with a credential from get_temp_auth: a multipart POST of the
 * credential's fields and then the file, the same for the server's own disk and for S3.
 * XMLHttpRequest rather than fetch, for upload progress.
 */

/** A large picture on a slow phone connection still fits; a dead connection does not hang for ever. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    /**
     * Why: the storage's own reason (the server's 'expired', 'used', 'tooLarge', …, or an S3 error
     * code such as 'AccessDenied'), or 'network' and 'timeout' when no answer came.
     */
    readonly reason: string,
    /** The HTTP status; 0 when there was no answer or the file was refused before sending. */
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface UploadOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The reason and message of a refusal: JSON from the server's endpoint, XML from S3. */
function refusal(status: number, body: string): UploadError {
  try {
    const json = JSON.parse(body) as { reason?: unknown; tip?: unknown };
    if (typeof json.reason === 'string')
      return new UploadError(json.reason, status, typeof json.tip === 'string' ? json.tip : json.reason);
  } catch {
    // Not JSON: S3 answers XML.
  }
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]{1,500})<\/Message>/.exec(body)?.[1];
  return new UploadError(code ?? 'http', status, message ?? code ?? `HTTP ${status}`);
}

/**
 * Resolves with the file's URL (auth.file_url, what image_search takes) once storage has it;
 * rejects with an UploadError, or an AbortError when the signal aborts. `onProgress` gets the
 * fraction sent, 0..1.
 */
export function uploadWithCredential(
  auth: TempAuth,
  blob: Blob,
  onProgress?: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    // Storage would refuse it anyway; this saves sending megabytes to hear so.
    if (blob.size > auth.max_bytes) return reject(new UploadError('tooLarge', 0, 'file too large'));
    if (blob.size === 0) return reject(new UploadError('empty', 0, 'file empty'));
    const { signal } = options;
    if (signal?.aborted) return reject(new DOMException('Upload aborted', 'AbortError'));

    const form = new FormData();
    // Storage reads the fields before the file; S3 ignores any field sent after it.
    for (const [name, value] of Object.entries(auth.upload.fields)) form.append(name, value);
    const name = auth.key.split('/').pop() ?? 'upload';
    form.append('file', new Blob([blob], { type: auth.content_type }), name);

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', auth.upload.url);
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(auth.file_url);
      } else {
        reject(refusal(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError('network', 0, 'upload failed to start'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new UploadError('timeout', 0, 'upload timed out'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}
