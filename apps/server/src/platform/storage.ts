import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where files (pictures, vouchers, attachments) live. The embedded default is the local
 * disk under DATA_DIR/files, served at /files/<key>; an S3 twin comes with the uploads issue.
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
}

const KEY = /^[a-z0-9][a-z0-9._/-]{0,300}$/i;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`Invalid storage key: ${key}`);
}

export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly urlPrefix = '/files/',
  ) {}

  async put(key: string, body: Buffer): Promise<void> {
    assertStorageKey(key);
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
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
}
