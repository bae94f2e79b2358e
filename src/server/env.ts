// Environment, parsed once at start with zod. An invalid value stops the process with a
// message in Portuguese and English.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { TechResponsibleSchema, type TechResponsible } from '../shared/contract/fiscal-settings';

const Bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'sim', 'nao', 'não'], {
    error: 'use true ou false / use true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'sim'].includes(v));

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A TCP port, 1 to 65535. */
const Port = z.coerce
  .number({ error: 'deve ser um número / must be a number' })
  .int('deve ser inteiro / must be an integer')
  .min(1, 'porta de 1 a 65535 / port 1..65535')
  .max(65535, 'porta de 1 a 65535 / port 1..65535');

export const EnvSchema = z.object({
  PORT: z.preprocess(blankToUndefined, Port.default(3000)),
  HOST: z.preprocess(blankToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  /** The built PWA served (index.html, sw.js, assets/); the project's dist/ when unset. */
  DIST_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'use uma URL postgres:// / must be a postgres:// URL')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'mínimo de 32 caracteres / at least 32 characters').optional(),
  ),
  /**
   * The secret the fiscal secrets at rest (the A1 certificate, the CSC) are sealed under
   * (fiscal/secret-box.ts); absent: one generated once in DATA_DIR/fiscal-secret.
   */
  FISCAL_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'mínimo de 32 caracteres / at least 32 characters').optional(),
  ),
  /**
   * Replaces the origin of every SEFAZ web service address (fiscal/sefaz-client.ts), paths
   * kept: 'https://127.0.0.1:8443' sends everything to a stand-in or a store's own rig.
   */
  FISCAL_SEFAZ_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^https:\/\/[^\s/]+(\/\S*)?$/, 'use uma URL https:// / must be an https:// URL')
      .optional(),
  ),
  /** A PEM file of certificates to trust in SEFAZ's servers, beside Node's and ICP-Brasil's roots. */
  FISCAL_SEFAZ_CA: z.preprocess(blankToUndefined, z.string().optional()),
  /**
   * How long a server holds a note it is sending before another (or itself, restarted) takes
   * it over, asking SEFAZ first (fiscal/emission-queue.ts; 120 by default). Longer than the
   * longest SEFAZ call (60 s).
   */
  FISCAL_QUEUE_LEASE_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(65).max(3600).optional()),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'use fatal, error, warn, info, debug, trace ou silent',
      })
      .default('info'),
  ),
  SEED_DEMO: z.preprocess(blankToUndefined, Bool.default(true)),
  /** Skip the client build check at start (`npm run dev` and browser tests build apart). */
  SKIP_BUILD: z.preprocess(blankToUndefined, Bool.default(false)),
  /** Port shown in the printed store URLs when a proxy (Vite in dev) fronts the API. */
  PUBLIC_PORT: z.preprocess(blankToUndefined, Port.optional()),
  /**
   * Behind a reverse proxy: take the client IP from X-Forwarded-For (login rate limit per
   * IP) and the protocol from X-Forwarded-Proto (Strict-Transport-Security is sent only
   * over TLS: a proxy that ends TLS must set X-Forwarded-Proto: https).
   */
  TRUST_PROXY: z.preprocess(blankToUndefined, Bool.default(false)),
});

export type Env = z.infer<typeof EnvSchema> & {
  /** FISCAL_TECH_*, checked: the operator's Responsável Técnico (null: not set). */
  fiscalTechResponsible: TechResponsible | null;
};

/**
 * The operator's Responsável Técnico (infRespTec), all four or none: whoever runs this server
 * for many stores (the software house) sets it once, and it is the value of every store that
 * has not saved its own. Each field and the variable it comes from.
 */
const TECH_VARIABLES = {
  cnpj: 'FISCAL_TECH_CNPJ',
  contact: 'FISCAL_TECH_CONTACT',
  email: 'FISCAL_TECH_EMAIL',
  phone: 'FISCAL_TECH_PHONE',
} as const satisfies Record<keyof TechResponsible, string>;

/** The operator's Responsável Técnico from FISCAL_TECH_*: null when none is set, or what is wrong. */
function techResponsibleOf(source: NodeJS.ProcessEnv): { value: TechResponsible | null; problems: string[] } {
  const fields = Object.entries(TECH_VARIABLES) as [keyof TechResponsible, string][];
  const data = Object.fromEntries(
    fields.map(([, name]) => [name, blankToUndefined(source[name]) as string | undefined]),
  );
  const missing = fields.filter(([, name]) => data[name] === undefined).map(([, name]) => name);
  if (missing.length === fields.length) return { value: null, problems: [] };
  if (missing.length)
    return {
      value: null,
      problems: missing.map(
        (name) =>
          `${name}: o Responsável Técnico do operador precisa dos quatro (${Object.values(TECH_VARIABLES).join(', ')}) ou de nenhum / set all four or none`,
      ),
    };
  const result = TechResponsibleSchema.safeParse(Object.fromEntries(fields.map(([key, name]) => [key, data[name]])));
  if (result.success) return { value: result.data, problems: [] };
  return {
    value: null,
    problems: result.error.issues.map((i) => `${TECH_VARIABLES[i.path[0] as keyof TechResponsible]}: ${i.message}`),
  };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Configuração inválida (variáveis de ambiente) / Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'EnvError';
  }
}

/** Parses the environment; throws EnvError listing every invalid variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  const tech = techResponsibleOf(source);
  if (!result.success || tech.problems.length) {
    const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new EnvError([...problems, ...tech.problems]);
  }
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR), fiscalTechResponsible: tech.value };
}

/** parseEnv for entry points: prints the problem and exits 1. */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return parseEnv(source);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

/** The embedded database directory inside DATA_DIR. */
export function pgliteDirOf(env: Pick<Env, 'DATA_DIR'>): string {
  return join(env.DATA_DIR, 'pglite');
}

/**
 * JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret (mode 0600).
 * Several processes sharing PostgreSQL must share JWT_SECRET (or the same DATA_DIR).
 */
export function resolveJwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): { secret: string; generated: boolean } {
  if (env.JWT_SECRET) return { secret: env.JWT_SECRET, generated: false };
  return secretInDataDir(env.DATA_DIR, 'jwt-secret', 32, 'segredo JWT curto demais / JWT secret too short');
}

/**
 * A secret generated once and kept in `dataDir/file` (mode 0600); read back by every later
 * start. `generated`: this call wrote it.
 */
export function secretInDataDir(
  dataDir: string,
  file: string,
  minChars: number,
  tooShort: string,
): { secret: string; generated: boolean } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, file);
  try {
    // 'wx': only the first process to get here writes it; the others read it.
    writeFileSync(path, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
    return { secret: readFileSync(path, 'utf8').trim(), generated: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < minChars) throw new EnvError([`${path}: ${tooShort}`]);
  return { secret, generated: false };
}
