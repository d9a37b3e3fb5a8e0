import type { TempAuth } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadError, uploadWithCredential } from './upload';

/** Just enough of XMLHttpRequest to see what is sent and to answer it. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: FormData | undefined;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const sent = () => {
  const xhr = FakeXhr.last;
  if (!xhr) throw new Error('nothing was sent');
  return xhr;
};

const auth: TempAuth = {
  provider: 'local',
  region: '',
  accessKeyId: '',
  accessKeySecret: '',
  stsToken: '',
  bucket: '',
  key: 'c1/image_search/2026-11-22/0123abcd.png',
  upload: {
    url: '/upload',
    fields: { key: 'c1/image_search/2026-11-22/0123abcd.png', 'Content-Type': 'image/png', token: 'u1.a.b' },
  },
  file_url: '/files/c1/image_search/2026-11-22/0123abcd.png',
  content_type: 'image/png',
  max_bytes: 1000,
  expires_at: Date.UTC(2026, 10, 22, 9, 5),
};

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], { type: '' });

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploading a file with a credential', () => {
  it('posts the credential fields and then the file to its URL, and resolves with the file URL', async () => {
    const progress: number[] = [];
    const done = uploadWithCredential(auth, png, (f) => progress.push(f));
    const xhr = sent();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/upload']);
    const entries = [...(xhr.body?.entries() ?? [])];
    expect(entries.map(([name]) => name)).toEqual(['key', 'Content-Type', 'token', 'file']);
    const file = entries[3]?.[1] as File;
    expect([file.name, file.type, file.size]).toEqual(['0123abcd.png', 'image/png', png.size]);
    xhr.progress(3, 7);
    xhr.answer(204);
    await expect(done).resolves.toBe(auth.file_url);
    expect(progress).toEqual([3 / 7, 1]);
  });

  it("rejects with the server's reason and tip when the upload is refused", async () => {
    const done = uploadWithCredential(auth, png);
    sent().answer(403, JSON.stringify({ reason: 'expired', tip: 'This upload permission has expired' }));
    await expect(done).rejects.toMatchObject({
      name: 'UploadError',
      reason: 'expired',
      status: 403,
      message: 'This upload permission has expired',
    });
  });

  it("rejects with S3's error code when S3 refuses it", async () => {
    const done = uploadWithCredential({ ...auth, provider: 's3' }, png);
    sent().answer(
      400,
      '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
    );
    await expect(done).rejects.toMatchObject({ reason: 'EntityTooLarge', status: 400 });
  });

  it('refuses a file over the credential limit without sending it', async () => {
    const big = new Blob([new Uint8Array(auth.max_bytes + 1)]);
    await expect(uploadWithCredential(auth, big)).rejects.toEqual(
      new UploadError('tooLarge', 0, 'file too large'),
    );
    expect(FakeXhr.last).toBeUndefined();
  });

  it('rejects when the connection fails or times out', async () => {
    const failed = uploadWithCredential(auth, png);
    sent().onerror?.();
    await expect(failed).rejects.toMatchObject({ reason: 'network', status: 0 });
    const slow = uploadWithCredential(auth, png, undefined, { timeoutMs: 5000 });
    expect(sent().timeout).toBe(5000);
    sent().ontimeout?.();
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('stops and rejects as aborted when its signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadWithCredential(auth, png, undefined, { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
