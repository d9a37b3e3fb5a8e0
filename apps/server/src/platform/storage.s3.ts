import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { type Clock, systemClock } from './clock';
import { assertStorageKey, type PresignedUpload, type Storage, type UploadGrant } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service; unset: AWS. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Both, or neither for the SDK's own credential chain. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Where browsers read files; unset: the bucket's own address. */
  publicUrl?: string | undefined;
  /** Turns a grant's expiresAt into the policy's lifetime. */
  clock?: Clock;
}

// Same as the local disk serves /files/: a stored key never changes its content.
const CACHE_CONTROL = 'public, max-age=604800, immutable';
const DELETE_BATCH = 1000;

const isMissing = (e: unknown) =>
  e instanceof S3ServiceException &&
  (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);

/** The scale-out twin of LocalDiskStorage: any S3-compatible object store. */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly base: string;
  private readonly uploadBase: string;
  private readonly clock: Clock;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.region = opts.region;
    this.clock = opts.clock ?? systemClock;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle ?? false,
      credentials:
        opts.accessKeyId && opts.secretAccessKey
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: many S3-compatible stores reject the newer
      // default (streamed trailing checksums), and a Buffer body gains nothing from it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.base = (opts.publicUrl ?? bucketUrl(opts)).replace(/\/+$/, '');
    this.uploadBase = bucketUrl(opts);
  }

  /** The origins browsers read files from and post uploads to (the pages' CSP names them). */
  origins(): string[] {
    return [...new Set([new URL(this.base).origin, new URL(this.uploadBase).origin])];
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : null;
    } catch (e) {
      // Only a missing object is "no file"; an unreachable store is an error, not an absence.
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  publicUrl(key: string): string {
    return `${this.base}/${key}`;
  }

  keyOfUrl(url: string): string | null {
    if (!url.startsWith(`${this.base}/`)) return null;
    const key = url.slice(this.base.length + 1);
    try {
      assertStorageKey(key);
      return key;
    } catch {
      return null;
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertStorageKey(prefix);
    const folder = `${prefix}/`;
    const names: string[] = [];
    for await (const page of this.pages(folder, '/')) {
      for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key.slice(folder.length));
      for (const p of page.CommonPrefixes ?? [])
        if (p.Prefix) names.push(p.Prefix.slice(folder.length).replace(/\/$/, ''));
    }
    return names.filter(Boolean);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertStorageKey(prefix);
    // Like rm -r on the disk: the key itself, when it is a file, and everything below it.
    let batch: string[] = [prefix];
    const flush = async () => {
      if (!batch.length) return;
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      batch = [];
    };
    for await (const page of this.pages(`${prefix}/`)) {
      for (const o of page.Contents ?? []) {
        if (o.Key) batch.push(o.Key);
        if (batch.length === DELETE_BATCH) await flush();
      }
    }
    await flush();
  }

  /**
   * A presigned POST policy, which S3 itself enforces: the exact key, the exact Content-Type,
   * a size from 1 byte to maxBytes, and the expiry. The secret key never leaves the server.
   */
  async presignUpload(grant: UploadGrant): Promise<PresignedUpload> {
    assertStorageKey(grant.key);
    const seconds = Math.max(1, Math.floor((grant.expiresAt - this.clock.now()) / 1000));
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: grant.key,
      Conditions: [
        ['eq', '$key', grant.key],
        ['eq', '$Content-Type', grant.contentType],
        ['content-length-range', 1, grant.maxBytes],
      ],
      Fields: { 'Content-Type': grant.contentType, 'Cache-Control': CACHE_CONTROL },
      Expires: seconds,
    });
    return {
      provider: 's3',
      url,
      fields,
      fileUrl: this.publicUrl(grant.key),
      region: this.region,
      bucket: this.bucket,
      // The id is public anyway (it is part of X-Amz-Credential); the secret is never answered.
      accessKeyId: fields['X-Amz-Credential']?.split('/')[0] ?? '',
      sessionToken: fields['X-Amz-Security-Token'] ?? '',
    };
  }

  private async *pages(prefix: string, delimiter?: string) {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The address a bucket's objects are read at when no public URL is configured. */
function bucketUrl(opts: S3StorageOptions): string {
  if (!opts.endpoint) return `https://${opts.bucket}.s3.${opts.region}.amazonaws.com`;
  const endpoint = new URL(opts.endpoint);
  if (opts.forcePathStyle) return `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}/${opts.bucket}`;
  return `${endpoint.protocol}//${opts.bucket}.${endpoint.host}`;
}
