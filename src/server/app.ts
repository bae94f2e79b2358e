// Builds the Fastify app (no listening: tests drive it with app.inject).
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { registerAccessControl } from './http/access';
import { registerErrorHandler } from './http/errors';
import { registerStatic } from './http/static';
import { authRoutes } from './routes/auth';
import { companyRoutes } from './routes/company';
import { customerRoutes } from './routes/customers';
import { expenseCategoryRoutes } from './routes/expense-categories';
import { healthRoutes } from './routes/health';
import { productRoutes } from './routes/products';
import { saleRoutes } from './routes/sales';
import { syncRoutes } from './routes/sync';
import { tenantRoutes } from './routes/tenants';
import { userRoutes } from './routes/users';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './services/login-rate-limit';
import { createTokenService } from './services/tokens';

export interface AppConfig {
  jwtSecret: string;
  /** Built PWA to serve (dist/); null or missing directory: API only. */
  distDir?: string | null;
  /** Take the client IP from X-Forwarded-For (behind a reverse proxy). */
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
    loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...config.loginLimits },
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAccessControl(app, ctx);

  await app.register(healthRoutes, { ctx });
  await app.register(tenantRoutes, { ctx, prefix: '/api/tenants' });
  await app.register(authRoutes, { ctx, prefix: '/api/auth' });
  await app.register(productRoutes, { ctx, prefix: '/api/products' });
  await app.register(customerRoutes, { ctx, prefix: '/api/customers' });
  await app.register(saleRoutes, { ctx, prefix: '/api/sales' });
  await app.register(syncRoutes, { ctx, prefix: '/api/sync' });
  await app.register(userRoutes, { ctx, prefix: '/api/users' });
  await app.register(companyRoutes, { ctx, prefix: '/api/company' });
  await app.register(expenseCategoryRoutes, { ctx, prefix: '/api/expense-categories' });
  await registerStatic(app, config.distDir);

  await app.ready();
  return app;
}
