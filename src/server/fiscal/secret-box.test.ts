// The fiscal secrets' key: FISCAL_SECRET, or one generated once in DATA_DIR (mode 0600) and
// read back by every later start; what it seals opens only under the same secret and the
// same context, and a changed byte is refused.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, FISCAL_SECRET_FILE, resolveFiscalSecret } from './secret-box';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('fiscal secret box', () => {
  it('generates the secret once, mode 0600, and reuses it; FISCAL_SECRET wins', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'balcao-fiscal-')), 'data');
    dirs.push(dir);
    const first = resolveFiscalSecret({ DATA_DIR: dir, FISCAL_SECRET: undefined });
    expect(first.generated).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, FISCAL_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveFiscalSecret({ DATA_DIR: dir, FISCAL_SECRET: undefined })).toEqual({
      secret: first.secret,
      generated: false,
    });
    const given = 'y'.repeat(40);
    expect(resolveFiscalSecret({ DATA_DIR: dir, FISCAL_SECRET: given })).toEqual({ secret: given, generated: false });
  });

  it('seals with a fresh IV each time; opens only with the same secret and context, unchanged', () => {
    const box = createSecretBox('s'.repeat(40));
    const plain = '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n';
    const a = box.seal(plain, 'loja-1:certificate');
    const b = box.seal(plain, 'loja-1:certificate');
    expect(a).not.toBe(b);
    expect(a).not.toContain('PRIVATE KEY');
    expect(box.open(a, 'loja-1:certificate')).toBe(plain);
    expect(() => box.open(a, 'loja-2:certificate')).toThrow();
    expect(() => createSecretBox('t'.repeat(40)).open(a, 'loja-1:certificate')).toThrow();
    const tampered = a.slice(0, -2) + (a.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered, 'loja-1:certificate')).toThrow();
    expect(() => createSecretBox('curto')).toThrow('curto demais');
  });
});
