// Builds the Fastify app (no listening: tests drive it with app.inject).
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { resolveSession } from './access/auth';
import { authRoutes } from './access/auth-routes';
import { companyRoutes } from './access/company-routes';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './access/login-rate-limit';
import { tenantRoutes } from './access/tenants-routes';
import { settingsRoutes } from './access/settings-routes';
import { createTokenService } from './core/tokens';
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
import { dashboardRoutes } from './reports/dashboard-routes';
import { financialReportRoutes } from './reports/financial-reports-routes';
import { returnRoutes, storeCreditRoutes } from './sales/returns-routes';
import { creditApprovalRoutes, customerCrediarioRoutes } from './sales/credit-routes';
import { saleRoutes } from './sales/sales-routes';
import { deviceRoutes } from './sales/devices-routes';
import { saleConflictRoutes } from './sales/sale-conflicts-routes';

export interface AppConfig {
  jwtSecret: string;
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
}

export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = (
    logger
      ? Fastify({ loggerInstance: logger, trustProxy: config.trustProxy ?? false, bodyLimit: 1_048_576 })
      : Fastify({ logger: false, trustProxy: config.trustProxy ?? false, bodyLimit: 1_048_576 })
  ) as FastifyInstance;

  const ctx: AppContext = {
    database: db,
    db: db.db,
    tokens: createTokenService(config.jwtSecret),
  };
  const loginLimits = { ...DEFAULT_LOGIN_LIMITS, ...config.loginLimits };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerMutatingRouteTable(app);
  registerAccessControl(app, (authorization, hostSubdomain) => resolveSession(ctx, authorization, hostSubdomain));
  registerJsonBodyParser(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app);
  // JSON answers above 1 KB go out compressed (brotli quality 4 or gzip); static files
  // carry their build-time compression (http/static.ts) and are left alone here.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(healthRoutes, { ctx });
  await app.register(tenantRoutes, { ctx, prefix: '/api/tenants' });
  await app.register(authRoutes, { ctx, loginLimits, prefix: '/api/auth' });
  await app.register(productRoutes, { ctx, prefix: '/api/products' });
  await app.register(customerRoutes, { ctx, prefix: '/api/customers' });
  await app.register(saleRoutes, { ctx, prefix: '/api/sales' });
  await app.register(returnRoutes, { ctx, prefix: '/api/sales' });
  await app.register(storeCreditRoutes, { ctx, prefix: '/api/customers' });
  await app.register(customerCrediarioRoutes, { ctx, prefix: '/api/customers' });
  await app.register(creditApprovalRoutes, { ctx, loginLimits, prefix: '/api/auth' });
  await app.register(deviceRoutes, { ctx, prefix: '/api/devices' });
  await app.register(saleConflictRoutes, { ctx, prefix: '/api/sale-conflicts' });
  await app.register(cashSessionRoutes, { ctx, prefix: '/api/cash-sessions' });
  await app.register(syncRoutes, { ctx, prefix: '/api/sync' });
  await app.register(userRoutes, { ctx, prefix: '/api/users' });
  await app.register(companyRoutes, { ctx, prefix: '/api/company' });
  await app.register(settingsRoutes, { ctx, prefix: '/api/settings' });
  await app.register(expenseCategoryRoutes, { ctx, prefix: '/api/expense-categories' });
  await app.register(payableRoutes, { ctx, prefix: '/api/accounts-payable' });
  await app.register(receivableRoutes, { ctx, prefix: '/api/accounts-receivable' });
  await app.register(cashFlowRoutes, { ctx, prefix: '/api/cash-flow' });
  await app.register(dashboardRoutes, { ctx, prefix: '/api/dashboard' });
  await app.register(financialReportRoutes, { ctx, prefix: '/api/financial-reports' });
  await app.register(stockEntryRoutes, { ctx, prefix: '/api/stock-entries' });
  await app.register(stockCountRoutes, { ctx, prefix: '/api/stock-counts' });
  await registerStatic(app, config.distDir);

  await app.ready();
  return app;
}
