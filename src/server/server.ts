// `npm start`: builds the PWA when needed, migrates, seeds the demo store on an empty
// database, serves the API and the app, and shuts down cleanly on SIGINT/SIGTERM.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app';
import { createSefazClient, sefazClientOptionsFromEnv } from './fiscal/sefaz-client';
import { ensureClientBuilt } from './build-client';
import { openDatabase, type Database } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { DEMO, seedDemo } from './demo/seed';
import { startMaintenance } from './core/maintenance';
import { answerBackupRequests } from './db/backup';
import { loadEnvOrExit, pgliteDirOf, resolveJwtSecret } from './env';
import { AppError } from './errors';
import { FISCAL_SECRET_FILE, resolveFiscalSecret } from './fiscal/secret-box';
import { findTenantBySubdomain, hasAnyTenant, listTenants } from './access/tenants';
import { storeUrl } from './urls';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHOWN_TENANTS = 20;

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const logger = pino({ level: env.LOG_LEVEL });

  if (!env.SKIP_BUILD) ensureClientBuilt(ROOT, { info: (m) => logger.info(m), warn: (m) => logger.warn(m) });

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.DATABASE_URL ? null : pgliteDirOf(env),
    });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();

  const db = database.db;
  if (env.SEED_DEMO && !(await hasAnyTenant(db))) {
    try {
      await seedDemo(db);
      logger.info('Loja de demonstração criada (subdomínio demo).');
    } catch (err) {
      // Another process starting on the same PostgreSQL seeded it first.
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    }
  }

  const jwt = resolveJwtSecret(env);
  if (jwt.generated) {
    logger.warn(
      `JWT_SECRET ausente: segredo gerado em ${join(env.DATA_DIR, 'jwt-secret')}. ` +
        'Vários processos atrás de um balanceador precisam do mesmo JWT_SECRET.',
    );
  }

  const fiscal = resolveFiscalSecret(env);
  if (fiscal.generated) {
    logger.warn(
      `FISCAL_SECRET ausente: segredo gerado em ${join(env.DATA_DIR, FISCAL_SECRET_FILE)}. ` +
        'Guarde-o com o backup: sem ele o certificado A1 guardado não abre. ' +
        'Vários processos no mesmo PostgreSQL precisam do mesmo FISCAL_SECRET.',
    );
  }

  const sefaz = createSefazClient(sefazClientOptionsFromEnv(env));
  const app = await buildApp({
    db: database,
    config: {
      jwtSecret: jwt.secret,
      fiscalSecret: fiscal.secret,
      techResponsible: env.fiscalTechResponsible,
      distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : join(ROOT, 'dist'),
      trustProxy: env.TRUST_PROXY,
    },
    logger,
    // The NFC-e go to the official addresses, or to FISCAL_SEFAZ_URL trusting FISCAL_SEFAZ_CA.
    sefaz,
    emissionQueue: {
      ...(env.FISCAL_QUEUE_LEASE_SECONDS ? { leaseMs: env.FISCAL_QUEUE_LEASE_SECONDS * 1000 } : {}),
      // PGlite's data dir is this process's alone: a note a crashed run was sending is taken at once.
      soleSender: !env.DATABASE_URL,
    },
  });

  const maintenance = startMaintenance(database, {
    info: (m) => logger.info(m),
    error: (obj, m) => logger.error(obj, m),
  });

  // npm run backup while the server runs (db/backup.ts).
  const stopBackups = database.dump
    ? answerBackupRequests(pgliteDirOf(env), database.dump, {
        info: (m) => logger.info(m),
        error: (obj, m) => logger.error(obj, m),
      })
    : () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1); // second signal: stop now
    closing = true;
    logger.info(`${signal}: encerrando...`);
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      sefaz.close();
      stopBackups();
      await maintenance.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'erro ao encerrar');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });

  const publicPort = env.PUBLIC_PORT ?? env.PORT;
  const tenants = await listTenants(db);
  const lines = [
    '',
    `Balcão no ar (${database.driver === 'pglite' ? `PGlite em ${pgliteDirOf(env)}` : 'PostgreSQL'}).`,
    `Health: http://localhost:${env.PORT}/health`,
    tenants.length ? 'Lojas:' : 'Nenhuma loja ainda: crie uma com npm run tenant -- create --help',
    ...tenants.slice(0, SHOWN_TENANTS).map((t) => `  ${t.name}: ${storeUrl(t.subdomain, publicPort)}`),
    ...(tenants.length > SHOWN_TENANTS
      ? [`  ... e mais ${tenants.length - SHOWN_TENANTS} (npm run tenant -- list)`]
      : []),
  ];
  if (env.SEED_DEMO && (await findTenantBySubdomain(db, DEMO.subdomain))) {
    lines.push(
      `Demonstração: ${storeUrl(DEMO.subdomain, publicPort)}`,
      `  admin: ${DEMO.admin.email} / ${DEMO.admin.password}`,
      `  caixa: ${DEMO.cashier.email} / ${DEMO.cashier.password}`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error('Falha ao iniciar o servidor / Server failed to start:', err);
  process.exit(1);
});
