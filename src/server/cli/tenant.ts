// Operator CLI: stores are provisioned here, never through the app.
//   npm run tenant -- create --subdomain loja2 --name "Loja 2" --admin-email a@loja2.com --admin-password segredo1
//   npm run tenant -- list
// Uses DATABASE_URL (PostgreSQL) when set, else the PGlite database in DATA_DIR.
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { EnvError, parseEnv, pgliteDirOf, type Env } from '../env';
import { AppError } from '../errors';
import { createTenant, listTenants } from '../access/tenants';
import { storeUrl } from '../urls';
import type { IssueDetail } from '../validation';

const USAGE = `Uso / usage:
  npm run tenant -- create --subdomain <sub> --name "<nome>" --admin-email <email> --admin-password <senha> [--admin-name "<nome>"]
  npm run tenant -- list

Banco: DATABASE_URL (PostgreSQL) quando definido; senão PGlite em DATA_DIR/pglite (padrão ./data).`;

const FIELD_NAMES: Record<string, string> = {
  subdomain: '--subdomain',
  name: '--name',
  adminEmail: '--admin-email',
  adminPassword: '--admin-password',
  adminName: '--admin-name',
};

class CliError extends Error {}

async function withDatabase<T>(env: Env, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? null : pgliteDirOf(env),
  });
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function create(env: Env, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      subdomain: { type: 'string' },
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'admin-name': { type: 'string' },
    },
    strict: true,
  });
  const missing = ['subdomain', 'name', 'admin-email', 'admin-password'].filter(
    (k) => !values[k as keyof typeof values],
  );
  if (missing.length) throw new CliError(`Faltam opções: ${missing.map((m) => `--${m}`).join(', ')}\n\n${USAGE}`);

  const { tenant, admin } = await withDatabase(env, ({ db }) =>
    createTenant(db, {
      subdomain: values.subdomain!,
      name: values.name!,
      adminEmail: values['admin-email']!,
      adminPassword: values['admin-password']!,
      ...(values['admin-name'] ? { adminName: values['admin-name'] } : {}),
    }),
  );
  console.log(`Loja criada: ${tenant.name} (subdomínio ${tenant.subdomain}, id ${tenant.id})`);
  console.log(`Endereço: ${storeUrl(tenant.subdomain, env.PORT)}`);
  console.log(`Administrador: ${admin.email}`);
}

async function list(env: Env): Promise<void> {
  const tenants = await withDatabase(env, ({ db }) => listTenants(db));
  if (tenants.length === 0) {
    console.log('Nenhuma loja cadastrada.');
    return;
  }
  for (const t of tenants) console.log(`${t.subdomain}\t${t.name}\t${storeUrl(t.subdomain, env.PORT)}\t${t.id}`);
}

function describeError(err: unknown): string {
  if (err instanceof AppError && err.code === 'VALIDATION' && Array.isArray(err.details)) {
    const lines = (err.details as IssueDetail[]).map((d) => `  - ${FIELD_NAMES[d.path] ?? d.path}: ${d.message}`);
    return `Não foi possível criar a loja:\n${lines.join('\n')}`;
  }
  if (err instanceof AppError) return `Não foi possível criar a loja: ${err.message}`;
  if (err instanceof DataDirInUseError || err instanceof EnvError || err instanceof CliError) return err.message;
  if (err instanceof TypeError && (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
    return `Opção inválida: ${err.message}\n\n${USAGE}`;
  }
  return `Erro inesperado: ${err instanceof Error ? err.message : String(err)}`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const env = parseEnv();
    if (command === 'create') await create(env, rest);
    else if (command === 'list') await list(env);
    else {
      console.log(USAGE);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 1;
    }
    return 0;
  } catch (err) {
    console.error(describeError(err));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
