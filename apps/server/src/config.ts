import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    message: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const httpUrl = z
  .string()
  .refine((v) => /^https?:\/\/[^/\s]+(\/\S*)?$/.test(v), { message: 'must be an http:// or https:// URL' })
  .transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { message: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// URL, or unset for SQLite in DATA_DIR',
    })
    .optional(),
  SEED_DEMO: flag.optional(),
  DEFAULT_SITE: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, { message: 'must be a site code: lower-case letters, digits and dashes' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  UPLOAD_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,200}$/, { message: 'must be 24 to 200 printable characters without spaces' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, { message: 'must be a region name' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: httpUrl.optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\/\S+$/.test(v), { message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  CHAT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/\S+$/.test(v), { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  HEAVY_CALLS_RUNNING: z.coerce
    .number({ message: 'must be a whole number from 1 to 256' })
    .int({ message: 'must be a whole number from 1 to 256' })
    .min(1, { message: 'must be a whole number from 1 to 256' })
    .max(256, { message: 'must be a whole number from 1 to 256' })
    .optional(),
  HEAVY_CALLS_WAITING: z.coerce
    .number({ message: 'must be a whole number from 0 to 10000' })
    .int({ message: 'must be a whole number from 0 to 10000' })
    .min(0, { message: 'must be a whole number from 0 to 10000' })
    .max(10_000, { message: 'must be a whole number from 0 to 10000' })
    .optional(),
  IMAGE_SEARCH_SHORTLIST: z.coerce
    .number({ message: 'must be a whole number from 10 to 200' })
    .int({ message: 'must be a whole number from 10 to 200' })
    .min(10, { message: 'must be a whole number from 10 to 200' })
    .max(200, { message: 'must be a whole number from 10 to 200' })
    .optional(),
});

/** Object storage; absent: files live on the local disk under DATA_DIR/files. */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset: AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Both set, or both unset for the SDK's own credential chain (instance role, AWS_* variables). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Where browsers read stored files (a CDN or the bucket's own address); unset: derived. */
  publicUrl: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path: the SQLite file and uploaded files live here. */
  dataDir: string;
  /** Set: PostgreSQL; unset: SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** undefined: seed the demo companies only when the database is empty. */
  seedDemo: boolean | undefined;
  /** The site code used when neither body nor host names one. */
  defaultSite: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  /** Signs local-disk upload credentials; unset: one is generated and kept under dataDir. */
  uploadSecret: string | undefined;
  /** The bearer token /metrics asks for; unset: /metrics is off. */
  metricsToken: string | undefined;
  s3: S3Config | undefined;
  /** Set: the bus goes through Redis pub/sub (every instance); unset: in this process. */
  redisUrl: string | undefined;
  /** Signs chat signatures; unset: one is generated and kept under dataDir. Several instances must share it. */
  chatSecret: string | undefined;
  /** Set: offline chat mail goes out through this SMTP server; unset: it is kept and counted only. */
  smtpUrl: string | undefined;
  /** The sender of that mail. */
  mailFrom: string;
  /**
   * Image searches and exports this instance runs at once, and lets wait beyond those (decision
   * 0064); unset: one fewer than the cores (at least one) running, 32 waiting.
   */
  heavyCalls: { running: number | undefined; waiting: number | undefined };
  /**
   * Pictures of a photo search re-ranked by geometric verification; unset: the engine's default.
   * Recall against cost per query (decisions 0071, 0075), for measuring and for a slow host.
   */
  imageSearchShortlist: number | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment once; a wrong value stops start-up with a message naming it. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  // An empty variable means "unset", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      // A secret never reaches the console, even a wrong one (mail and Redis URLs may hold passwords).
      const shown = /SECRET|TOKEN|^SMTP_URL$|^REDIS_URL$/.test(name) && env[name] ? '…' : (env[name] ?? '');
      return `  ${name}=${JSON.stringify(shown)}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Rules that span variables, reported in the same shape as the ones above.
  const problems: string[] = [];
  const s3Named = Object.keys(present).filter((k) => k.startsWith('S3_') && k !== 'S3_BUCKET');
  if (!e.S3_BUCKET && s3Named.length)
    problems.push(`  S3_BUCKET="": must be set to use ${s3Named.join(', ')}`);
  const [keyId, secret] = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (keyId && !secret) problems.push('  S3_SECRET_ACCESS_KEY="": must be set with S3_ACCESS_KEY_ID');
  if (secret && !keyId) problems.push('  S3_ACCESS_KEY_ID="": must be set with S3_SECRET_ACCESS_KEY');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    seedDemo: e.SEED_DEMO,
    defaultSite: e.DEFAULT_SITE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    uploadSecret: e.UPLOAD_SECRET,
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    chatSecret: e.CHAT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Vitrine <no-reply@localhost>',
    heavyCalls: { running: e.HEAVY_CALLS_RUNNING, waiting: e.HEAVY_CALLS_WAITING },
    imageSearchShortlist: e.IMAGE_SEARCH_SHORTLIST,
  };
}
