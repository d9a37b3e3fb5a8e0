import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import S3rver from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account.js';
import { registerLocalUploads } from '../plugins/local-upload';
import { systemClock } from './clock';
import { LocalDiskStorage, type PresignedUpload } from './storage';
import { S3Storage } from './storage.s3';
import { describeStorageAdapter } from './storage.suite';

// The SDK warns once per process that it will need a newer Node.js; the tests stay quiet.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

describeStorageAdapter('local disk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-storage-'));
  const secret = randomBytes(32);
  const storage = new LocalDiskStorage(join(dir, 'files'), '/files/', { secret });
  mkdirSync(storage.root);
  // The pieces of the app that make local disk behave like a bucket: /files/ and /upload.
  const app = Fastify();
  await app.register(fastifyStatic, { root: storage.root, prefix: '/files/', decorateReply: false });
  const used = new Set<string>();
  registerLocalUploads(app, {
    storage,
    clock: systemClock,
    claim: async (g) => (!used.has(g.id) && used.add(g.id) ? 'claimed' : 'used'),
    // The storage's plumbing is tested here; what the app makes of the bytes is uploads.test.ts's.
    prepare: async (_g, bytes) => ({ ok: true, bytes }),
    maxFileBytes: 1024 * 1024,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    storage,
    origin: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    grantOf: (upload) => {
      const g = storage.readUploadToken(upload.fields.token ?? '');
      if (!g) throw new Error('not a token of this storage');
      return g;
    },
    secrets: [secret.toString('hex'), secret.toString('base64'), secret.toString('base64url')],
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

/** The conditions of a presigned POST, as S3 reads them from its signed policy. */
function policyGrant(upload: PresignedUpload) {
  const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8')) as {
    expiration: string;
    conditions: (Record<string, string> | unknown[])[];
  };
  const eq = (field: string) =>
    policy.conditions.flatMap((c) =>
      Array.isArray(c) ? (c[0] === 'eq' && c[1] === `$${field}` ? [c[2]] : []) : field in c ? [c[field]] : [],
    );
  const keys = new Set(eq('key'));
  const types = new Set(eq('Content-Type'));
  const range = policy.conditions.find((c) => Array.isArray(c) && c[0] === 'content-length-range');
  // One value for each: a policy that allowed two keys or two types would not be one credential.
  if (keys.size !== 1 || types.size !== 1 || !Array.isArray(range) || range[1] !== 1)
    throw new Error(`policy is not one exact file: ${JSON.stringify(policy)}`);
  return {
    key: String([...keys][0]),
    contentType: String([...types][0]),
    maxBytes: Number(range[2]),
    expiresAt: Date.parse(policy.expiration),
  };
}

describeStorageAdapter('S3', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'vitrine-test' }],
  });
  const { port } = await server.run();
  const accessKeyId = 'VITRINETEST';
  const secretAccessKey = randomBytes(24).toString('base64url');
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  const storage = new S3Storage({
    bucket: 'vitrine-test',
    region: 'eu-west-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId,
    secretAccessKey,
  });
  return {
    storage,
    origin: '',
    // The SDK writes the expiry in S3's time: it corrects our clock by the skew it read from
    // S3's last answer (a Date header in whole seconds, so up to a second). Back in our time:
    grantOf: (upload) => {
      const g = policyGrant(upload);
      return { ...g, expiresAt: g.expiresAt - (storage.client.config.systemClockOffset ?? 0) };
    },
    secrets: [secretAccessKey],
    async close() {
      storage.client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
