import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuildNeeded } from './build-client';
import { EnvError, parseEnv, resolveJwtSecret } from './env';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'balcao-env-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('env', () => {
  it('has defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      SEED_DEMO: true,
      TRUST_PROXY: false,
      SKIP_BUILD: false,
    });
    expect(env.PUBLIC_PORT).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBeUndefined();
  });

  it('parses values and blanks', () => {
    const env = parseEnv({
      PORT: '8080',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SKIP_BUILD: '1',
      PUBLIC_PORT: '3000',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: true,
      SKIP_BUILD: true,
      PUBLIC_PORT: 3000,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('lists every invalid variable in Portuguese and English', () => {
    let err: unknown;
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'curto', SEED_DEMO: 'talvez', LOG_LEVEL: 'loud' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EnvError);
    const problems = (err as EnvError).problems.join('\n');
    for (const v of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SEED_DEMO', 'LOG_LEVEL']) expect(problems).toContain(v);
    expect((err as Error).message).toContain('Configuração inválida');
    expect((err as Error).message).toContain('Invalid environment');
  });

  it("the operator's Responsável Técnico (FISCAL_TECH_*): all four, checked as a note needs it, or none", () => {
    expect(parseEnv({}).fiscalTechResponsible).toBeNull();
    expect(parseEnv({ FISCAL_TECH_CNPJ: ' ', FISCAL_TECH_EMAIL: '' }).fiscalTechResponsible).toBeNull();
    const tech = {
      FISCAL_TECH_CNPJ: '11.222.333/0001-81',
      FISCAL_TECH_CONTACT: 'Suporte Balcão',
      FISCAL_TECH_EMAIL: 'NFCe@Balcao.dev',
      FISCAL_TECH_PHONE: '(11) 4004-0000',
    };
    expect(parseEnv(tech).fiscalTechResponsible).toEqual({
      cnpj: '11222333000181',
      contact: 'Suporte Balcão',
      email: 'nfce@balcao.dev',
      phone: '1140040000',
    });
    const refused = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (e) {
        expect(e).toBeInstanceOf(EnvError);
        return (e as EnvError).problems;
      }
      throw new Error('accepted');
    };
    expect(
      refused({ ...tech, FISCAL_TECH_CNPJ: '11.222.333/0001-82', FISCAL_TECH_EMAIL: 'nfce', FISCAL_TECH_PHONE: '123' }),
    ).toEqual([
      // prettier-ignore
      'FISCAL_TECH_CNPJ: CNPJ do responsável técnico inválido',
      'FISCAL_TECH_EMAIL: E-mail inválido',
      'FISCAL_TECH_PHONE: Telefone do responsável técnico: de 6 a 14 dígitos',
    ]);
    const partial = refused({ FISCAL_TECH_CNPJ: tech.FISCAL_TECH_CNPJ, PORT: 'abc' });
    expect(partial[0]).toMatch(/^PORT: /);
    expect(partial.slice(1).map((p) => p.split(':')[0])).toEqual(['FISCAL_TECH_CONTACT', 'FISCAL_TECH_EMAIL', 'FISCAL_TECH_PHONE']); // prettier-ignore
    expect(partial[1]).toContain('precisa dos quatro');
  });

  it('generates the JWT secret once, mode 0600, and reuses it', () => {
    const dir = join(tempDir(), 'nested');
    const first = resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: undefined });
    expect(first.generated).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    const second = resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: undefined });
    expect(second).toEqual({ secret: first.secret, generated: false });
    const given = 'x'.repeat(40);
    expect(resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: given })).toEqual({ secret: given, generated: false });
  });
});

describe('client build check', () => {
  it('builds when dist is missing or older than a client source', () => {
    const root = tempDir();
    mkdirSync(join(root, 'src/app'), { recursive: true });
    writeFileSync(join(root, 'src/app/main.tsx'), '');
    expect(clientBuildNeeded(root)).toBe(true);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/index.html'), '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'src/app/main.tsx'), past, past);
    expect(clientBuildNeeded(root)).toBe(false);
    // A test file does not make the build stale; a source file does.
    writeFileSync(join(root, 'src/app/main.test.tsx'), '');
    expect(clientBuildNeeded(root)).toBe(false);
    mkdirSync(join(root, 'src/shared'));
    writeFileSync(join(root, 'src/shared/money.ts'), '');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/shared/money.ts'), future, future);
    expect(clientBuildNeeded(root)).toBe(true);
  });
});
