import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    message: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

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
});

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
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    seedDemo: e.SEED_DEMO,
    defaultSite: e.DEFAULT_SITE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}
