// Test app: a fresh database (see testDb.ts) seeded with the demo store and a second
// store, an app built on it, and small inject helpers that send a tenant Host header.
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type AppConfig, type BuildAppOptions } from '../app';
import type { Db } from '../db/client';
import { DEMO, seedDemo } from '../demo/seed';
import { createTenant } from '../access/tenants';
import { createUser } from '../access/users';
import type { TenantRow } from '../db/schema';
import type { User } from '../../shared/contract';
import { createTestDatabase, type TestDatabase, type TestDbKind } from './testDb';

export const TEST_JWT_SECRET = 'segredo-de-teste-com-mais-de-32-caracteres';
export const TEST_FISCAL_SECRET = 'segredo-fiscal-de-teste-com-mais-de-32-caracteres';
export const DEMO_HOST = 'demo.localhost:3000';
export const OTHER_HOST = 'outra.localhost:3000';

export const OTHER = {
  subdomain: 'outra',
  name: 'Outra Loja',
  admin: { name: 'Admin Outra', email: 'admin@outra.com', password: 'outra123' },
  cashier: { name: 'Caixa Outra', email: 'caixa@outra.com', password: 'outra123' },
} as const;

export interface Store {
  tenant: TenantRow;
  admin: User;
  cashier: User;
}

export interface TestContext {
  kind: TestDbKind;
  database: TestDatabase;
  db: Db;
  app: FastifyInstance;
  demo: Store;
  other: Store;
  close(): Promise<void>;
}

/** What else the app is built with (the NFC-e tests' SEFAZ port and queue settings). */
export type TestAppOptions = Omit<BuildAppOptions, 'db' | 'config'>;

export async function setupTestApp(
  kind: TestDbKind,
  config: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const db = database.db;
  const demo = await seedDemo(db);
  const created = await createTenant(db, {
    subdomain: OTHER.subdomain,
    name: OTHER.name,
    adminName: OTHER.admin.name,
    adminEmail: OTHER.admin.email,
    adminPassword: OTHER.admin.password,
  });
  const otherCashier = await createUser(db, created.tenant.id, { ...OTHER.cashier, role: 'user' });
  const app = await buildApp({
    ...options,
    db: database,
    config: { jwtSecret: TEST_JWT_SECRET, fiscalSecret: TEST_FISCAL_SECRET, distDir: null, ...config },
  });
  return {
    kind,
    database,
    db,
    app,
    demo: { tenant: demo.tenant, admin: demo.admin, cashier: demo.cashier },
    other: { ...created, cashier: otherCashier },
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * The app on a fresh database for the describe block it is called in: opened before its
 * tests, closed after them (`const ctx = useTestApp(kind);`, read inside the tests).
 */
export function useTestApp(kind: TestDbKind): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await setupTestApp(kind));
  });
  afterAll(() => ctx.close?.());
  return ctx;
}

// Response bodies are checked field by field in the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Res {
  status: number;
  body: Json;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string>;
}

let ipCounter = 0;
/** A fresh client IP, so the per-IP login limit only bites where a test wants it to. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function request(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: RequestOptions = {},
): Promise<Res> {
  const headers: Record<string, string> = { host: options.host ?? DEMO_HOST, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
  let body: Json = response.body;
  if (String(response.headers['content-type'] ?? '').includes('json')) body = response.json();
  return { status: response.statusCode, body, headers: response.headers };
}

/** Inject helpers bound to one app (and by default the demo Host). */
export function api(app: FastifyInstance, defaults: Omit<RequestOptions, 'body'> = {}) {
  const call = (method: InjectOptions['method'], url: string, options: RequestOptions = {}) =>
    request(app, method, url, { ...defaults, ...options });
  return {
    get: (url: string, options?: RequestOptions) => call('GET', url, options),
    post: (url: string, body?: unknown, options?: RequestOptions) => call('POST', url, { ...options, body }),
    put: (url: string, body?: unknown, options?: RequestOptions) => call('PUT', url, { ...options, body }),
    patch: (url: string, body?: unknown, options?: RequestOptions) => call('PATCH', url, { ...options, body }),
    delete: (url: string, options?: RequestOptions) => call('DELETE', url, options),
    call,
  };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: User;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  host: string = DEMO_HOST,
): Promise<Session> {
  const res = await request(app, 'POST', '/api/auth/login', { host, ip: freshIp(), body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} falhou: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Session;
}

/** Admin and cashier sessions of both stores. */
export async function loginAll(ctx: TestContext) {
  const [demoAdmin, demoCashier, otherAdmin, otherCashier] = await Promise.all([
    login(ctx.app, DEMO.admin.email, DEMO.admin.password),
    login(ctx.app, DEMO.cashier.email, DEMO.cashier.password),
    login(ctx.app, OTHER.admin.email, OTHER.admin.password, OTHER_HOST),
    login(ctx.app, OTHER.cashier.email, OTHER.cashier.password, OTHER_HOST),
  ]);
  return { demoAdmin, demoCashier, otherAdmin, otherCashier };
}

export const NO_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * A store's rows of `table`, those whose columns equal `match` (all of them for none), in
 * the order of `orderBy` (none given: as the database returns them).
 */
export function storeRows<T extends PgTable & { tenantId: PgColumn }>(
  db: Db,
  tenantId: string,
  table: T,
  match: Partial<T['$inferSelect']> = {},
  ...orderBy: PgColumn[]
): Promise<T['$inferSelect'][]> {
  const columns = table as unknown as Record<string, PgColumn>;
  const equal = Object.entries(match).map(([name, value]) => eq(columns[name]!, value));
  return db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.tenantId, tenantId), ...equal))
    .orderBy(...orderBy);
}

/** What most server test files start from: the app on a fresh database and its sessions. */
export interface TestStore {
  ctx: TestContext;
  http: ReturnType<typeof api>;
  /** The demo store's id. */
  tenantId: string;
  /** Access tokens: the demo store's admin and cashier, and the other store's. */
  admin: string;
  cashier: string;
  otherAdmin: string;
  otherCashier: string;
}

/** Placeholder until beforeAll opens the store: `let { ctx, http } = NO_STORE;`. */
export const NO_STORE = {} as TestStore;

/** A fresh app and database with both stores signed in (use in beforeAll; ctx.close() in afterAll). */
export async function openTestStore(
  kind: TestDbKind,
  config: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestStore> {
  const ctx = await setupTestApp(kind, config, options);
  const s = await loginAll(ctx);
  return {
    ctx,
    http: api(ctx.app),
    tenantId: ctx.demo.tenant.id,
    admin: s.demoAdmin.accessToken,
    cashier: s.demoCashier.accessToken,
    otherAdmin: s.otherAdmin.accessToken,
    otherCashier: s.otherCashier.accessToken,
  };
}

/**
 * The store for the describe block it is called in: opened before its tests (on an app built
 * with `config`, if given) and handed to `take` (which keeps the parts the file reads and may
 * add what its tests share), closed after them.
 */
export function useTestStore(
  kind: TestDbKind,
  take: (store: TestStore) => unknown,
  config: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): void {
  let store: TestStore | undefined;
  beforeAll(async () => {
    store = await openTestStore(kind, config, options);
    await take(store);
  });
  afterAll(() => store?.ctx.close());
}

/** Expects `res` to be 201 Created (its body in the message if not) and answers what it created. */
export function expectCreated(res: Res): Json {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/**
 * Sends each body and expects it refused as invalid: 400, code VALIDATION, a message in
 * pt-BR and the details naming its field.
 */
export async function expectEachRefused(
  cases: readonly (readonly [unknown, string])[],
  send: (body: unknown) => Promise<Res>,
): Promise<void> {
  for (const [body, field] of cases) {
    const res = await send(body);
    const what = JSON.stringify(body);
    expect(res.status, what).toBe(400);
    expect(res.body.code, what).toBe('VALIDATION');
    expect(res.body.error, what).toMatch(/^Dados inválidos: /);
    expect(
      res.body.details.map((d: { path: string }) => d.path),
      what,
    ).toContain(field);
  }
}
