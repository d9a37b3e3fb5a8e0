import { randomBytes } from 'node:crypto';
import {
  CHAT_MEDIA,
  CHAT_MEDIA_TYPES,
  ErrorCode,
  fail,
  IMAGE_SEARCH_MAX_BYTES,
  IMAGE_SEARCH_MIN_SIDE,
  IMAGE_SEARCH_TYPES,
  IMPORT_LIMITS,
  IMPORT_TYPES,
  MODEL_CONTENT_TYPE,
  ORDER_LIMITS,
  PRODUCT_LIMITS,
  type TempAuth,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '@vitrine/contract';
import { type CallResult, ok } from '@vitrine/contract';
import type { Clock } from '../../platform/clock';
import {
  checkImage,
  type ImageRefusal,
  type ImageType,
  reencodeImage,
  sniffImageType,
} from '../../platform/image-content';
import { checkMedia, isMediaType } from '../../platform/media-content';
import { checkGlb, type ModelRefusal } from '../../platform/model-content';
import type { Storage } from '../../platform/storage';
import type { SignedUploadGrant } from '../../platform/upload-token';
import type { UploadsRepository } from './uploads.repository';

/** Long enough to send a few megabytes over a slow phone connection, short enough not to be kept. */
export const UPLOAD_TTL_MS = 5 * 60 * 1000;

/** What a credential of each purpose allows, and what the file must be before it is used. */
export const UPLOAD_LIMITS: Record<
  UploadPurpose,
  {
    types: readonly string[];
    /** The largest file of the purpose; a type of `maxBytesOf` may have a smaller cap. */
    maxBytes: number;
    maxBytesOf?: Readonly<Record<string, number>>;
    minSide: number;
    maxAspect?: number;
  }
> = {
  image_search: {
    types: IMAGE_SEARCH_TYPES,
    maxBytes: IMAGE_SEARCH_MAX_BYTES,
    minSide: IMAGE_SEARCH_MIN_SIDE,
  },
  // The chat's pictures, videos and audio (spec section 4; decision 0042). A long screenshot is a
  // normal chat picture, hence the loose aspect ratio.
  im: {
    types: CHAT_MEDIA_TYPES,
    maxBytes: Math.max(CHAT_MEDIA.IMAGE_MAX_BYTES, CHAT_MEDIA.VIDEO_MAX_BYTES, CHAT_MEDIA.AUDIO_MAX_BYTES),
    maxBytesOf: Object.fromEntries([
      ...CHAT_MEDIA.IMAGE_TYPES.map((t) => [t, CHAT_MEDIA.IMAGE_MAX_BYTES]),
      ...CHAT_MEDIA.VIDEO_TYPES.map((t) => [t, CHAT_MEDIA.VIDEO_MAX_BYTES]),
      ...CHAT_MEDIA.AUDIO_TYPES.map((t) => [t, CHAT_MEDIA.AUDIO_MAX_BYTES]),
    ]),
    minSide: 1,
    maxAspect: 40,
  },
  // The staff's pictures of the site: logos, backgrounds, buyers' avatars (staff_get_upload_credential).
  site: { types: IMAGE_SEARCH_TYPES, maxBytes: IMAGE_SEARCH_MAX_BYTES, minSide: 16 },
  // Payment vouchers (spec sections 5 and 9): png or jpg, at most 10 MB; a long screenshot of a
  // bank's page is a normal voucher, hence the loose aspect ratio.
  voucher: {
    types: ORDER_LIMITS.VOUCHER_TYPES,
    maxBytes: ORDER_LIMITS.VOUCHER_MAX_BYTES,
    minSide: 1,
    maxAspect: 40,
  },
  // An order's attachments, the buyer's and the staff's: pictures or PDFs.
  annex: {
    types: ORDER_LIMITS.ANNEX_TYPES,
    maxBytes: ORDER_LIMITS.ANNEX_MAX_BYTES,
    minSide: 1,
    maxAspect: 40,
  },
  // A catalogue import's files (decision 0055): the spreadsheet and zips of pictures. They are
  // checked by their container here and read (and every picture re-encoded) by the import.
  import: {
    types: IMPORT_TYPES,
    maxBytes: IMPORT_LIMITS.ZIP_MAX_BYTES,
    maxBytesOf: {
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': IMPORT_LIMITS.SHEET_MAX_BYTES,
      'text/csv': IMPORT_LIMITS.SHEET_MAX_BYTES,
    },
    minSide: 1,
  },
  // A product's 3D model (decision 0060): a GLB, checked as a glTF 2.0 container, never decoded
  // as a picture (minSide does not apply).
  model: { types: [MODEL_CONTENT_TYPE], maxBytes: PRODUCT_LIMITS.MODEL_MAX_BYTES, minSide: 0 },
};

/** Whether a file of the import purpose is what it says: a zip container (xlsx is one), or text. */
export function looksLikeImportFile(bytes: Buffer, contentType: string): boolean {
  if (contentType === 'text/csv') {
    // A CSV is text: no NUL byte (a binary file renamed .csv has them), and valid UTF-8 or
    // UTF-16 with its mark; GB18030 text passes too (the import reads it by its BOM or as UTF-8).
    if (bytes.length === 0) return false;
    const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
    return utf16 || !bytes.subarray(0, 64 * 1024).includes(0);
  }
  // PK\x03\x04 starts a zip with entries; PK\x05\x06 an empty one (refused later as empty).
  return bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** The largest file any credential allows (the upload endpoint's body limit follows it). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'application/zip': 'zip',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/webm': 'weba',
  'audio/wav': 'wav',
  // The extension is what /files/ serves the type by (model/gltf-binary).
  [MODEL_CONTENT_TYPE]: 'glb',
};

/** The day folder (YYYY-MM-DD, UTC) uploadKey files an upload made at `ms` under. */
export const uploadDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Days a buyer's image-search photo is kept after the day it was uploaded: long enough for a
 * /proSearch link or a reload within the week to search again, not a store of buyers' photos.
 * Chat pictures (im) are part of a conversation and are kept while a message names them
 * (uploads.retention.ts).
 */
export const IMAGE_SEARCH_UPLOADS_KEPT_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;
/** A day folder's name (uploadDay): YYYY-MM-DD, which sorts as its day. */
export const DAY_FOLDER = /^\d{4}-\d{2}-\d{2}$/;

/** The folder of a company's uploads of one purpose, which holds a folder per day. */
export const uploadFolder = (companyId: number, purpose: UploadPurpose) => `c${companyId}/${purpose}`;

/**
 * {company}/{purpose}/{YYYY-MM-DD}/{random}.{ext} (spec section 8). The company folder is
 * `c<id>`, like every other file of the company; the name is random, so keys are never guessed.
 */
export function uploadKey(
  companyId: number,
  purpose: UploadPurpose,
  now: number,
  contentType: string,
): string {
  const ext = EXTENSION[contentType];
  if (!ext) throw new Error(`No file extension for ${contentType}`);
  return `${uploadFolder(companyId, purpose)}/${uploadDay(now)}/${randomBytes(16).toString('hex')}.${ext}`;
}

const UPLOAD_KEY = /^c(\d{1,15})\/([a-z_]+)\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/** The company and purpose a key of uploadKey belongs to; null for any other key. */
export function uploadOwner(key: string): { companyId: number; purpose: UploadPurpose } | null {
  const m = UPLOAD_KEY.exec(key);
  const purpose = UPLOAD_PURPOSES.find((p) => p === m?.[2]);
  return m && purpose ? { companyId: Number(m[1]), purpose } : null;
}

export type UploadedImage =
  | { ok: true; key: string; bytes: Buffer; type: ImageType; width: number; height: number }
  /** `tip` is the key of a message under api.upload, for a call that wants to say why. */
  | { ok: false; reason: ImageRefusal | 'notFound'; tip: `api.upload.${ImageRefusal | 'notFound'}` };

export interface UploadsServiceDeps {
  repo: UploadsRepository;
  storage: Storage;
  clock: Clock;
}

export function createUploadsService({ repo, storage, clock }: UploadsServiceDeps) {
  return {
    /** get_temp_auth: a credential for one file of the given type under the company's folder. */
    async tempAuth(
      input: { purpose: UploadPurpose; content_type: string },
      companyId: number,
      /** The session it is given to: it is good only while that session is. */
      holder: { sessionId: number } | { staffSessionId: number },
      t: (key: 'api.upload.wrongType') => string,
    ): Promise<CallResult<TempAuth>> {
      const now = clock.now();
      const limits = UPLOAD_LIMITS[input.purpose];
      if (!limits.types.includes(input.content_type))
        return fail(ErrorCode.FAILED, t('api.upload.wrongType'));
      const grant = {
        key: uploadKey(companyId, input.purpose, now, input.content_type),
        contentType: input.content_type,
        maxBytes: limits.maxBytesOf?.[input.content_type] ?? limits.maxBytes,
        expiresAt: now + UPLOAD_TTL_MS,
      };
      await repo.issue({ companyId, key: grant.key, expiresAt: grant.expiresAt, ...holder });
      const p = await storage.presignUpload(grant);
      return ok({
        provider: p.provider,
        region: p.region,
        accessKeyId: p.accessKeyId,
        // Never a secret key: the credential is a presigned form, not the storage's own keys.
        accessKeySecret: '',
        stsToken: p.sessionToken,
        bucket: p.bucket,
        key: grant.key,
        upload: { url: p.url, fields: p.fields },
        file_url: p.fileUrl,
        content_type: grant.contentType,
        max_bytes: grant.maxBytes,
        expires_at: grant.expiresAt,
      });
    },

    /**
     * A local-disk upload as it will be stored: a picture decoded and re-encoded by the rules of
     * its purpose (decision 0032), so a file that only starts like a picture is never stored; a
     * chat video or audio, which nothing here decodes, checked by its container (decision 0042).
     * The content must be of the type the credential names.
     */
    async prepare(
      grant: SignedUploadGrant,
      bytes: Buffer,
    ): Promise<
      | { ok: true; bytes: Buffer }
      | { ok: false; reason: 'wrongType' | 'unreadable' | 'tooSmall' | 'badAspect' }
    > {
      const owner = uploadOwner(grant.key);
      if (!owner) return { ok: false, reason: 'unreadable' };
      const limits = UPLOAD_LIMITS[owner.purpose];
      if (!limits.types.includes(grant.contentType)) return { ok: false, reason: 'wrongType' };
      if (owner.purpose === 'import')
        return looksLikeImportFile(bytes, grant.contentType)
          ? { ok: true, bytes }
          : { ok: false, reason: 'wrongType' };
      if (grant.contentType === MODEL_CONTENT_TYPE) {
        const model = await checkGlb(bytes, grant.maxBytes);
        return model.ok
          ? { ok: true, bytes }
          : { ok: false, reason: model.reason === 'notGlb' ? 'wrongType' : 'unreadable' };
      }
      if (isMediaType(grant.contentType)) {
        const media = await checkMedia(bytes, grant.contentType, grant.maxBytes);
        return media.ok ? { ok: true, bytes } : { ok: false, reason: 'wrongType' };
      }
      if (sniffImageType(bytes) !== grant.contentType) return { ok: false, reason: 'wrongType' };
      const r = await reencodeImage(bytes, { ...limits, maxBytes: grant.maxBytes });
      if (r.ok) return { ok: true, bytes: r.bytes };
      // Size and type were checked against the credential already; what is left is the content.
      return {
        ok: false,
        reason: r.reason === 'tooSmall' || r.reason === 'badAspect' ? r.reason : 'unreadable',
      };
    },

    /** Marks a local-disk credential used (the upload endpoint asks before writing). */
    async claim(grant: SignedUploadGrant, size: number): Promise<'claimed' | 'used' | 'revoked'> {
      const owner = uploadOwner(grant.key);
      if (!owner) return 'used';
      // A credential dies with its session: one taken before a logout uploads nothing after it.
      if (!(await repo.holderIsLive(grant.key, clock.now()))) return 'revoked';
      const claimed = await repo.claim(
        {
          grantId: grant.id,
          companyId: owner.companyId,
          key: grant.key,
          contentType: grant.contentType,
          size,
          expiresAt: grant.expiresAt,
        },
        clock.now(),
      );
      return claimed ? 'claimed' : 'used';
    },

    /**
     * Whether a URL is a file the company's people uploaded for a purpose (uploadKey's own
     * folders, read back by uploadOwner): what a chat message may link to.
     */
    isOwnUpload(url: string, owner: { companyId: number; purpose: UploadPurpose }): boolean {
      const key = storage.keyOfUrl(url);
      const found = key ? uploadOwner(key) : null;
      return found?.companyId === owner.companyId && found.purpose === owner.purpose;
    },

    /**
     * The picture behind a file_url of get_temp_auth, checked by its content, for a call that is
     * about to use it (image_search). Only the company's own uploads of that purpose are read.
     */
    async readUploadedImage(
      url: string,
      owner: { companyId: number; purpose: UploadPurpose },
    ): Promise<UploadedImage> {
      const key = storage.keyOfUrl(url);
      const found = key ? uploadOwner(key) : null;
      const mine = found?.companyId === owner.companyId && found.purpose === owner.purpose;
      // Another company's upload reads as missing: nothing tells whether it exists.
      const bytes = key && mine ? await storage.read(key) : null;
      if (!key || !bytes) return { ok: false, reason: 'notFound', tip: 'api.upload.notFound' };
      const check = await checkImage(bytes, UPLOAD_LIMITS[owner.purpose]);
      if (!check.ok) return { ok: false, reason: check.reason, tip: `api.upload.${check.reason}` };
      return { ok: true, key, bytes, type: check.type, width: check.width, height: check.height };
    },

    /**
     * An order attachment behind a file_url of the 'annex' purpose, checked by its content: a
     * picture (png or jpg, fully decoded) or a PDF (its header), within the size limit.
     */
    async readUploadedAnnex(
      url: string,
      companyId: number,
    ): Promise<{ ok: true; key: string; bytes: Buffer; type: string } | { ok: false; reason: string }> {
      const key = storage.keyOfUrl(url);
      const found = key ? uploadOwner(key) : null;
      const mine = found?.companyId === companyId && found.purpose === 'annex';
      const bytes = key && mine ? await storage.read(key) : null;
      if (!key || !bytes) return { ok: false, reason: 'notFound' };
      const limits = UPLOAD_LIMITS.annex;
      if (bytes.length === 0) return { ok: false, reason: 'empty' };
      if (bytes.length > limits.maxBytes) return { ok: false, reason: 'tooLarge' };
      if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
        return { ok: true, key, bytes, type: 'application/pdf' };
      const check = await checkImage(bytes, limits);
      return check.ok ? { ok: true, key, bytes, type: check.type } : { ok: false, reason: check.reason };
    },

    /**
     * A product's 3D model behind a file_url of the 'model' purpose (the company's own upload),
     * checked as a GLB again (decision 0060): a storage that takes uploads directly (S3) never
     * checked it. Answers the key the model is kept under.
     */
    async readUploadedModel(
      url: string,
      companyId: number,
    ): Promise<{ ok: true; key: string } | { ok: false; reason: ModelRefusal | 'notFound' }> {
      const key = storage.keyOfUrl(url);
      const found = key ? uploadOwner(key) : null;
      const mine = found?.companyId === companyId && found.purpose === 'model';
      const bytes = key && mine ? await storage.read(key) : null;
      if (!key || !bytes) return { ok: false, reason: 'notFound' };
      const check = await checkGlb(bytes, UPLOAD_LIMITS.model.maxBytes);
      return check.ok ? { ok: true, key } : check;
    },

    /**
     * Housekeeping: deletes image-search uploads older than IMAGE_SEARCH_UPLOADS_KEPT_DAYS (a
     * day folder at a time, as uploadKey files them) and the used credentials that expired.
     */
    async purge(): Promise<{ uploadDays: number; grants: number; issued: number }> {
      const now = clock.now();
      const oldestKept = uploadDay(now - IMAGE_SEARCH_UPLOADS_KEPT_DAYS * DAY_MS);
      let uploadDays = 0;
      for (const companyId of await repo.companyIds()) {
        const folder = uploadFolder(companyId, 'image_search');
        for (const name of await storage.list(folder)) {
          // Folders are named YYYY-MM-DD, so their names sort as their days.
          if (!DAY_FOLDER.test(name) || name >= oldestKept) continue;
          await storage.deletePrefix(`${folder}/${name}`);
          uploadDays++;
        }
      }
      return {
        uploadDays,
        grants: await repo.deleteGrantsExpiredBefore(now),
        issued: await repo.deleteIssuedExpiredBefore(now),
      };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
