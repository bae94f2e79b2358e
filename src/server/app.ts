// Builds the Fastify app (no listening: tests drive it with app.inject).
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext, RouteOptions } from './context';
import type { Database } from './db/client';
import { resolveSession } from './access/auth';
import { authRoutes } from './access/auth-routes';
import { companyRoutes } from './access/company-routes';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './access/login-rate-limit';
import { tenantRoutes } from './access/tenants-routes';
import { settingsRoutes } from './access/settings-routes';
import { createTokenService } from './core/tokens';
import { createSecretBox } from './fiscal/secret-box';
import { createEmission, type Emission, type EmissionOptions } from './fiscal/emission';
import type { SefazPort } from './fiscal/sefaz-port';
import type { TaxRatesLookup } from './fiscal/tax-rates';
import type { TechResponsible } from '../shared/contract';
import { userRoutes } from './access/users-routes';
import { customerRoutes } from './catalogue/customers-routes';
import { productRoutes } from './catalogue/products-routes';
import { syncRoutes } from './catalogue/sync-routes';
import { cashSessionRoutes } from './caixa/cash-sessions-routes';
import { cashFlowRoutes } from './finance/cash-flow-routes';
import { expenseCategoryRoutes } from './finance/expense-categories-routes';
import { payableRoutes } from './finance/payables-routes';
import { receivableRoutes } from './finance/receivables-routes';
import { registerAccessControl } from './http/access';
import { registerErrorHandler } from './http/errors';
import { healthRoutes } from './http/health-routes';
import { registerMutatingRouteTable } from './http/idempotency';
import { registerInputGuard } from './http/input-guard';
import { registerJsonBodyParser } from './http/json-body';
import { registerSecurityHeaders } from './http/security';
import { registerStatic } from './http/static';
import { stockCountRoutes } from './stock/stock-counts-routes';
import { stockEntryRoutes } from './stock/stock-entries-routes';
import { importRoutes } from './imports/imports-routes';
import { fiscalRoutes } from './fiscal/fiscal-routes';
import { fiscalNoteRoutes } from './fiscal/notes/notes-routes';
import { createNoteRebuilder, type NoteRebuilder } from './fiscal/notes/note-rebuilder';
import { dashboardRoutes } from './reports/dashboard-routes';
import { financialReportRoutes } from './reports/financial-reports-routes';
import { returnRoutes, storeCreditRoutes } from './sales/returns/returns-routes';
import { creditApprovalRoutes, customerCrediarioRoutes } from './sales/credit/credit-routes';
import { saleRoutes } from './sales/sales-routes';
import { deviceRoutes } from './sales/devices/devices-routes';
import { saleConflictRoutes } from './conflicts/sale-conflicts-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The NFC-e emission (fiscal/emission.ts): its queue is started with the app and stopped on close. */
    emission: Emission;
  }
}

export interface AppConfig {
  jwtSecret: string;
  /** What the fiscal secrets at rest are sealed under (fiscal/secret-box.ts), 32 characters or more. */
  fiscalSecret: string;
  /** The operator's Responsável Técnico (FISCAL_TECH_*): every store's while it has saved none of its own. */
  techResponsible?: TechResponsible | null;
  /** Built PWA to serve (dist/); null or missing directory: API only. */
  distDir?: string | null;
  /**
   * Behind a reverse proxy: the client IP from X-Forwarded-For (login limits) and the
   * protocol from X-Forwarded-Proto (HSTS only over TLS).
   */
  trustProxy?: boolean;
  /** Login rate limits (defaults: spec constants). */
  loginLimits?: Partial<LoginLimits>;
}

export interface BuildAppOptions {
  db: Database;
  config: AppConfig;
  /** A pino logger; absent: no logs (tests). */
  logger?: FastifyBaseLogger;
  /**
   * What the NFC-e are sent to SEFAZ through (fiscal/sefaz-client.ts createSefazClient, or a
   * test's port); absent: notes are built, signed and kept 'pendente', and no worker runs.
   */
  sefaz?: SefazPort;
  /** The stores' IBPT rates for the tributos aproximados; absent: no vTotTrib. */
  taxRates?: TaxRatesLookup;
  /** The emission queue's worker settings (tests: a short poll, start: false). */
  emissionQueue?: EmissionOptions['queue'];
  /** Draws each note's cNF (tests: a seeded source). */
  random?: () => number;
  /** The sale-to-note mapping a rejected note is rebuilt with (default: the emission's, fiscal/notes/note-rebuilder.ts). */
  rebuildNote?: NoteRebuilder;
}

/** An area's routes; the login ones (auth, approvals) use the login limits too. */
type AreaRoutes = FastifyPluginAsyncZod<RouteOptions & { loginLimits: LoginLimits }>;

/** Every area of the API and its prefix, registered in this order. */
const API_AREAS: readonly (readonly [AreaRoutes, string])[] = [
  [tenantRoutes, '/api/tenants'],
  [authRoutes, '/api/auth'],
  [productRoutes, '/api/products'],
  [customerRoutes, '/api/customers'],
  [saleRoutes, '/api/sales'],
  [returnRoutes, '/api/sales'],
  [storeCreditRoutes, '/api/customers'],
  [customerCrediarioRoutes, '/api/customers'],
  [creditApprovalRoutes, '/api/auth'],
  [deviceRoutes, '/api/devices'],
  [saleConflictRoutes, '/api/sale-conflicts'],
  [cashSessionRoutes, '/api/cash-sessions'],
  [syncRoutes, '/api/sync'],
  [userRoutes, '/api/users'],
  [companyRoutes, '/api/company'],
  [settingsRoutes, '/api/settings'],
  [expenseCategoryRoutes, '/api/expense-categories'],
  [payableRoutes, '/api/accounts-payable'],
  [receivableRoutes, '/api/accounts-receivable'],
  [cashFlowRoutes, '/api/cash-flow'],
  [dashboardRoutes, '/api/dashboard'],
  [financialReportRoutes, '/api/financial-reports'],
  [stockEntryRoutes, '/api/stock-entries'],
  [stockCountRoutes, '/api/stock-counts'],
  [importRoutes, '/api/imports'],
  [fiscalRoutes, '/api/fiscal'],
  [fiscalNoteRoutes, '/api/fiscal'],
];

export async function buildApp({
  db,
  config,
  logger,
  sefaz,
  taxRates,
  emissionQueue,
  random,
  rebuildNote,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = (
    logger
      ? Fastify({ loggerInstance: logger, trustProxy: config.trustProxy ?? false, bodyLimit: 1_048_576 })
      : Fastify({ logger: false, trustProxy: config.trustProxy ?? false, bodyLimit: 1_048_576 })
  ) as FastifyInstance;

  const fiscalBox = createSecretBox(config.fiscalSecret);
  const emission = createEmission({
    db: db.db,
    box: fiscalBox,
    techResponsible: config.techResponsible ?? null,
    sefaz,
    taxRates,
    queue: emissionQueue,
    random,
    log: (err, message) => app.log.error({ err }, message),
  });
  const ctx: AppContext = {
    database: db,
    db: db.db,
    tokens: createTokenService(config.jwtSecret),
    fiscalBox,
    fiscalTechResponsible: config.techResponsible ?? null,
    emission,
    sefaz: sefaz ?? null,
    rebuildNote: rebuildNote ?? createNoteRebuilder(emission.sales),
  };
  // The worker stops with the app, after the sends under way.
  app.decorate('emission', emission);
  app.addHook('onClose', () => emission.close());
  const loginLimits = { ...DEFAULT_LOGIN_LIMITS, ...config.loginLimits };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerMutatingRouteTable(app);
  registerAccessControl(app, (authorization, hostSubdomain) => resolveSession(ctx, authorization, hostSubdomain));
  registerJsonBodyParser(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app);
  // JSON answers above 1 KB go out compressed (brotli or gzip); static files carry their
  // build-time compression (http/static.ts) and are left alone here. Brotli at quality 5
  // rather than the plugin's 4: a catalogue page of 5,000 products (2 MB of JSON) goes out
  // 7% smaller (163 vs 175 KB) for ~6 ms more of the server's CPU; a small answer, the same.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      },
    },
  });

  await app.register(healthRoutes, { ctx });
  for (const [routes, prefix] of API_AREAS) await app.register(routes, { ctx, loginLimits, prefix });
  await registerStatic(app, config.distDir);

  await app.ready();
  return app;
}
