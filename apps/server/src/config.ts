import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseAddressList } from './platform/address-ranges.ts';
import type { S3Settings } from './platform/file-store.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEFAULT_SITE: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/)
    .default('jingan'),
  SSO_LOGIN_URL: z.string().optional(),
  SSO_TRUSTED_ORIGINS: z.string().optional(),
  EXTERNAL_IDP_NAME: z.string().optional(),
  EXTERNAL_IDP_LOGIN_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EXTERNAL_IDP_VALIDATE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PORTAL_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAP_TILE_URL: z.string().optional(),
  MAP_TILE_DATUM: z.enum(['wgs84', 'gcj02']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a hop count or a comma-separated list of proxy addresses (CIDR allowed)',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parseAddressList(text?.trim() || 'loopback');
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a comma-separated list of addresses (CIDR allowed) or loopback',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  JOB_POLL_MS: z.coerce.number().int().min(0).default(1_000),
  STATS_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  VIDEO_MAX_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(180),
  TRANSCODE_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  TRANSCODE_PRIORITY: z.enum(['idle', 'low']).default('idle'),
  CODE_SENDER: z.enum(['log', 'file']).default('log'),
  WEB_PUSH_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{86,88}$/,
      'must be a P-256 public key in base64url (web-push generate-vapid-keys)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEB_PUSH_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a P-256 private key in base64url')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEB_PUSH_HOSTS: z.string().optional(),
});

/**
 * An external identity provider (统一身份认证): its login page sends the browser back to the
 * callback with `?ticket=`, and its validate address answers a ticket's subject once, in the
 * envelope (`{ code: 0, data: { subject, name } }`), as this server's own `/api/sso/validate` does.
 */
export interface ExternalIdpConfig {
  name: string;
  loginUrl: string;
  validateUrl: string;
}

/** Everything the server reads from its environment, parsed once. */
/** How ffmpeg shares the CPU with serving. */
export type TranscodePriority = 'idle' | 'low';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  defaultSite: string;
  ssoLoginUrl: string;
  /**
   * Origins (besides this site's own) whose callbacks the built-in account center accepts: the
   * portals that use this one's account center as their external identity provider.
   */
  ssoTrustedOrigins: string[];
  /** An external identity provider learners may bind and sign in with, when configured. */
  externalIdp: ExternalIdpConfig | null;
  portalUrl: string | null;
  mapTileUrl: string | null;
  /**
   * The datum of the tiles: `gcj02` (Chinese tile providers; the default with a tile URL) or
   * `wgs84`; the web converts the stored WGS-84 coordinates to it.
   */
  mapTileDatum: 'wgs84' | 'gcj02';
  redisUrl: string | undefined;
  /**
   * The proxies whose `X-Forwarded-For` names the client (`TRUST_PROXY`, see
   * {@link parseTrustProxy}): false trusts none, so per-address limits count the peer.
   */
  trustProxy: false | number | string[];
  /** Who may read `GET /metrics` (`METRICS_ALLOW`): addresses and ranges, loopback by default. */
  metricsAllow: string[];
  /**
   * The S3-compatible bucket every file is kept in (`S3_BUCKET` and the other `S3_*`
   * settings), shared by all instances; null keeps files in `DATA_DIR` (one machine).
   */
  s3: S3Settings | null;
  logLevel: string;
  seedDemo: boolean;
  /** Folder of the built web app (`apps/web/dist`). */
  webDistDir: string;
  /** Folder of the built operators' console (`apps/admin/dist`), served under `/admin`. */
  adminDistDir: string;
  /** Pretty logs for a person at a terminal; JSON lines otherwise. */
  prettyLogs: boolean;
  /** How often this instance runs the reminder job (messages); 0 turns it off. */
  reminderIntervalMs: number;
  /** How often this instance adds a round of the dashboard's rollups (数据统计); 0 turns it off. */
  statsRollupIntervalMs: number;
  /**
   * How often this instance looks for background jobs to run (pg-boss polls at least every
   * 0.5 s); 0: this instance runs none (others do), though it still adds and lists them.
   */
  jobPollMs: number;
  /** Longest lesson video the media pipeline transcodes, in minutes. */
  videoMaxMinutes: number;
  /** Threads one ffmpeg transcode may use. */
  transcodeThreads: number;
  /**
   * `idle`: ffmpeg runs on idle CPU only (`chrt --idle`, `nice 19`), serving first; `low`:
   * `nice 10`, a share of a busy machine too (the tests, whose machine is never idle).
   */
  transcodePriority: TranscodePriority;
  /** Where phone verification codes go: the server log, or `DATA_DIR/sent-codes.log`. */
  codeSender: 'log' | 'file';
  /**
   * The VAPID keys reminders are pushed with (`WEB_PUSH_PUBLIC_KEY`, `WEB_PUSH_PRIVATE_KEY`,
   * `WEB_PUSH_SUBJECT`): null lets one machine make its own, kept in `DATA_DIR`; several
   * instances must share set keys.
   */
  webPush: { publicKey: string; privateKey: string; subject: string | null } | null;
  /** Push services besides the browsers' own a subscription may name (`WEB_PUSH_HOSTS`). */
  pushHosts: string[];
}

/**
 * `TRUST_PROXY`: unset or empty trusts no proxy (the peer is the client); a number trusts that
 * many hops of `X-Forwarded-For` from the peer; a comma-separated list trusts the peers it names
 * (addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`). Null when malformed.
 */
export function parseTrustProxy(text: string | undefined): false | number | string[] | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return parseAddressList(trimmed);
}

/**
 * A path given in a setting or on a command line, from the folder the command was typed in: npm
 * runs a workspace's script (`npm run seed`, `npm run backup`) in `apps/server` but says where it
 * was typed (`INIT_CWD`), so `./data` is the same folder for them as for `npm start`.
 */
export function fromInvocation(given: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD || process.cwd(), given);
}

/**
 * The settings of a command-line tool (`npm run backup`, `files:sweep`…): as the server's, but a
 * bad variable ends the command with its message and exit code 2 rather than a stack trace.
 */
export function loadCommandConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    console.error(`设置有误：${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}

/**
 * Parses the environment into a {@link Config}, throwing one error that lists
 * every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.WEB_PUSH_PUBLIC_KEY) !== Boolean(e.WEB_PUSH_PRIVATE_KEY)) {
    throw new Error(
      'Invalid environment:\n  WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY: set both (a VAPID key pair) or neither',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromInvocation(e.DATA_DIR, env),
    databaseUrl: e.DATABASE_URL,
    defaultSite: e.DEFAULT_SITE,
    ssoLoginUrl: e.SSO_LOGIN_URL || '/sso/login',
    ssoTrustedOrigins: (e.SSO_TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    externalIdp:
      e.EXTERNAL_IDP_LOGIN_URL && e.EXTERNAL_IDP_VALIDATE_URL
        ? {
            name: e.EXTERNAL_IDP_NAME || '统一身份认证',
            loginUrl: e.EXTERNAL_IDP_LOGIN_URL,
            validateUrl: e.EXTERNAL_IDP_VALIDATE_URL,
          }
        : null,
    portalUrl: e.PORTAL_URL ?? null,
    mapTileUrl: e.MAP_TILE_URL || null,
    mapTileDatum: e.MAP_TILE_DATUM ?? 'gcj02',
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    metricsAllow: e.METRICS_ALLOW,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    adminDistDir: path.resolve(e.ADMIN_DIST_DIR ?? path.join(repoRoot, 'apps/admin/dist')),
    prettyLogs: Boolean(process.stdout.isTTY),
    reminderIntervalMs: e.REMINDER_INTERVAL_MS,
    statsRollupIntervalMs: e.STATS_ROLLUP_INTERVAL_MS,
    jobPollMs: e.JOB_POLL_MS,
    videoMaxMinutes: e.VIDEO_MAX_MINUTES,
    transcodeThreads: e.TRANSCODE_THREADS,
    transcodePriority: e.TRANSCODE_PRIORITY,
    codeSender: e.CODE_SENDER,
    webPush:
      e.WEB_PUSH_PUBLIC_KEY && e.WEB_PUSH_PRIVATE_KEY
        ? {
            publicKey: e.WEB_PUSH_PUBLIC_KEY,
            privateKey: e.WEB_PUSH_PRIVATE_KEY,
            subject: e.WEB_PUSH_SUBJECT ?? null,
          }
        : null,
    pushHosts: (e.WEB_PUSH_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}
