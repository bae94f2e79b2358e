// Store provisioning: the createTenant service (used by the CLI and the demo seed) and
// the CLI process itself, plus the PGlite single-process guard.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYABLE_CATEGORIES } from '../../shared/constants';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { expenseCategories, tenants, users } from '../db/schema';
import { AppError } from '../errors';
import { createTenant, listTenants } from '../access/tenants';
import { api, login, useTestApp } from '../test/helpers';
import { databases } from '../test/testDb';

const run = promisify(execFile);
const ROOT = new URL('../../..', import.meta.url).pathname;

async function cli(args: string[], env: Record<string, string | undefined>) {
  const childEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/server/cli/tenant.ts', ...args], {
      cwd: ROOT,
      env: childEnv,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.each(databases())('createTenant service (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('creates a store with its admin and expense categories; the admin can log in there', async () => {
    const { tenant, admin } = await createTenant(ctx.db, {
      subdomain: 'loja-3',
      name: 'Loja 3',
      adminEmail: 'Dona@Loja3.com',
      adminPassword: 'segredo1',
    });
    expect(tenant).toMatchObject({
      subdomain: 'loja-3',
      name: 'Loja 3',
      theme: 'claro',
      currency: 'BRL',
    });
    expect(admin).toMatchObject({ email: 'dona@loja3.com', role: 'admin', active: true, name: 'Administrador' });
    const cats = await ctx.db.select().from(expenseCategories).where(eq(expenseCategories.tenantId, tenant.id));
    expect(cats.map((c) => c.name).sort()).toEqual([...PAYABLE_CATEGORIES].sort());
    const s = await login(ctx.app, 'dona@loja3.com', 'segredo1', 'loja-3.localhost:3000');
    const me = await api(ctx.app).get('/api/company/me', { token: s.accessToken, host: 'loja-3.localhost:3000' });
    expect(me.body.data.name).toBe('Loja 3');
  });

  it('refuses a taken subdomain with CONFLICT and writes nothing', async () => {
    const before = (await listTenants(ctx.db)).length;
    const err = await createTenant(ctx.db, {
      subdomain: 'demo',
      name: 'Outra Demo',
      adminEmail: 'x@y.com',
      adminPassword: 'segredo1',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'CONFLICT', message: 'O subdomínio "demo" já está em uso por outra loja.' });
    expect((await listTenants(ctx.db)).length).toBe(before);
    expect((await ctx.db.select().from(users).where(eq(users.email, 'x@y.com'))).length).toBe(0);
  });

  it('refuses reserved and malformed subdomains, bad e-mails and short passwords', async () => {
    const before = (await listTenants(ctx.db)).length;
    const base = { subdomain: 'valida', name: 'Válida', adminEmail: 'a@b.com', adminPassword: 'segredo1' };
    const cases: [Partial<typeof base>, string, RegExp][] = [
      [{ subdomain: 'admin' }, 'subdomain', /reservado/],
      [{ subdomain: 'www' }, 'subdomain', /reservado/],
      [{ subdomain: 'Loja' }, 'subdomain', /minúsculas/],
      [{ subdomain: 'loja.2' }, 'subdomain', /minúsculas/],
      [{ subdomain: 'a'.repeat(101) }, 'subdomain', /máximo/],
      [{ subdomain: '' }, 'subdomain', /obrigatório/],
      [{ name: ' ' }, 'name', /obrigatório/],
      [{ adminEmail: 'nao-email' }, 'adminEmail', /E-mail inválido/],
      [{ adminPassword: '123' }, 'adminPassword', /pelo menos 6/],
    ];
    for (const [patch, field, message] of cases) {
      const err = await createTenant(ctx.db, { ...base, ...patch }).catch((e: unknown) => e);
      expect(err, JSON.stringify(patch)).toMatchObject({ code: 'VALIDATION' });
      const detail = (err as AppError).details as { path: string; message: string }[];
      expect(detail.find((d) => d.path === field)?.message).toMatch(message);
    }
    expect((await listTenants(ctx.db)).length).toBe(before);
  });

  it('the CLI process creates a store, and refuses a taken subdomain with exit 1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'balcao-cli-'));
    const env = ctx.database.url ? { DATABASE_URL: ctx.database.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
    const args = [
      'create',
      '--subdomain',
      'loja2',
      '--name',
      'Loja 2',
      '--admin-email',
      'a@loja2.com',
      '--admin-password',
      'segredo1',
    ];
    try {
      const created = await cli(args, { ...env, PORT: '4123' });
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('Loja criada: Loja 2');
      expect(created.stdout).toContain('http://loja2.localhost:4123');
      if (kind === 'pglite') {
        // Spawned once more only here: PGlite's first start in a new data dir is the slow part.
        const again = await cli(args, env);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('O subdomínio "loja2" já está em uso');
        const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
        try {
          expect((await listTenants(database.db)).map((t) => t.subdomain)).toEqual(['loja2']);
        } finally {
          await database.close();
        }
      } else {
        expect((await ctx.db.select().from(tenants).where(eq(tenants.subdomain, 'loja2'))).length).toBe(1);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PGlite data dir guard', () => {
  it('the CLI explains that the server holds the embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'balcao-cli-lock-'));
    const lock = acquireDataDirLock(join(dataDir, 'pglite'));
    try {
      const res = await cli(['list'], { DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`está em uso pelo processo ${process.pid}`);
      expect(res.stderr).toContain('DATABASE_URL');
    } finally {
      lock.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
