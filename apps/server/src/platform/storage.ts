import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readUploadToken, signUploadToken, type SignedUploadGrant } from './upload-token';

/** What one upload credential allows: exactly this key, this type, at most maxBytes, until expiresAt. */
export interface UploadGrant {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Epoch ms. */
  expiresAt: number;
}

/** How a browser sends the file: a multipart POST of `fields`, then the file as `file`, to `url`. */
export interface PresignedUpload {
  provider: 'local' | 's3';
  url: string;
  fields: Record<string, string>;
  /** Where the file is read once uploaded (publicUrl of the key). */
  fileUrl: string;
  /** The spec's credential fields, where the storage has them; '' otherwise. */
  region: string;
  bucket: string;
  accessKeyId: string;
  sessionToken: string;
}

/**
 * Where files (pictures, vouchers, attachments) live. The embedded default is the local
 * disk under DATA_DIR/files, served at /files/<key>; the scale-out twin is S3 (storage.s3.ts).
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** The URL a browser fetches the file from. */
  publicUrl(key: string): string;
  /** The key behind a URL publicUrl gave, or null for any other URL. */
  keyOfUrl(url: string): string | null;
  /** The names directly under a folder-like prefix (files and folders alike). */
  list(prefix: string): Promise<string[]>;
  /** Deletes everything under a folder-like prefix. */
  deletePrefix(prefix: string): Promise<void>;
  /** A credential a browser uses to send one file straight to storage. */
  presignUpload(grant: UploadGrant): Promise<PresignedUpload>;
}

const KEY = /^[a-z0-9][a-z0-9._/-]{0,300}$/i;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`Invalid storage key: ${key}`);
}

export interface LocalUploadOptions {
  /** Where the server's own upload endpoint listens (default /upload). */
  url?: string;
  /** Signs upload credentials (at least 32 bytes). */
  secret?: Buffer;
}

export class LocalDiskStorage implements Storage {
  readonly uploadUrl: string;
  private readonly uploadSecret: Buffer;

  constructor(
    readonly root: string,
    private readonly urlPrefix = '/files/',
    uploads: LocalUploadOptions = {},
  ) {
    this.uploadUrl = uploads.url ?? '/upload';
    if (uploads.secret && uploads.secret.length < 32)
      throw new Error('The upload secret needs at least 32 bytes');
    // Without one, credentials are good for this process only: enough for tests and tools,
    // and harmless, as every credential lives minutes.
    this.uploadSecret = uploads.secret ?? randomBytes(32);
  }

  // The disk keeps no type: /files/ serves it from the key's extension.
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    assertStorageKey(key);
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    // Random, not just pid and time: two writes of one key in the same millisecond (a retried
    // upload's twin) must not share a temporary file, or the second rename finds it gone.
    const tmp = `${path}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, path);
  }

  async read(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    return readFile(join(this.root, key)).catch(() => null);
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    return stat(join(this.root, key)).then(
      () => true,
      () => false,
    );
  }

  publicUrl(key: string): string {
    return this.urlPrefix + key;
  }

  keyOfUrl(url: string): string | null {
    if (!url.startsWith(this.urlPrefix)) return null;
    const key = url.slice(this.urlPrefix.length);
    return KEY.test(key) && !key.includes('..') && !key.includes('//') ? key : null;
  }

  async list(prefix: string): Promise<string[]> {
    assertStorageKey(prefix);
    return readdir(join(this.root, prefix)).catch(() => []);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertStorageKey(prefix);
    await rm(join(this.root, prefix), { recursive: true, force: true });
  }

  async presignUpload(grant: UploadGrant): Promise<PresignedUpload> {
    assertStorageKey(grant.key);
    return {
      provider: 'local',
      url: this.uploadUrl,
      fields: {
        key: grant.key,
        'Content-Type': grant.contentType,
        token: signUploadToken(this.uploadSecret, grant),
      },
      fileUrl: this.publicUrl(grant.key),
      region: '',
      bucket: '',
      accessKeyId: '',
      sessionToken: '',
    };
  }

  /** The grant a credential's token stands for, or null when the token is not one this storage signed. */
  readUploadToken(token: string): SignedUploadGrant | null {
    return readUploadToken(this.uploadSecret, token);
  }
}
