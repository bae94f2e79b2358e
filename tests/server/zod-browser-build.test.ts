// The app's build of zod (scripts/zod-browser.mjs): bundled with the plugin as the app is,
// then run. It keeps what the app uses (parsing, Portuguese messages, the schemas' getters
// that read their checks) and leaves out JSON Schema and the English messages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pt } from 'zod/locales';
import { zodBrowser } from '../../scripts/zod-browser.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = `
import { z } from 'zod';
// No z.config() here: the default locale is what the plugin leaves.
const name = z.string().min(3);
export const tooShort = name.safeParse('ab').error.issues[0].message;
export const wrongType = z.number().safeParse('x').error.issues[0].message;
export const minLength = name.minLength;
export const isInt = z.number().int().isInt;
export const parsed = z.object({ a: z.number().nullable().optional() }).parse({ a: null });
export function ownJsonSchema() { return name.toJSONSchema(); }
export const standardValidate = name['~standard'].validate('abcd');
`;

describe('zod no build do app (scripts/zod-browser.mjs)', () => {
  let dir = '';
  let code = '';
  let mod: Record<string, unknown> & { ownJsonSchema: () => unknown };
  let plainSize = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(ROOT, 'node_modules', '.zod-browser-test-'));
    writeFileSync(join(dir, 'entry.js'), ENTRY);
    const bundle = async (plugins: unknown[]) => {
      const out = await build({
        input: join(dir, 'entry.js'),
        cwd: ROOT,
        plugins: plugins as never,
        output: { format: 'esm', minify: true },
        write: false,
        logLevel: 'silent',
      });
      return out.output[0].code;
    };
    code = await bundle([zodBrowser()]);
    plainSize = (await bundle([])).length;
    writeFileSync(join(dir, 'out.mjs'), code);
    mod = await import(pathToFileURL(join(dir, 'out.mjs')).href);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fala português sem z.config() e valida como o zod', () => {
    // What zod itself says once the app sets Portuguese (shared/contract/common.ts).
    z.config(pt());
    expect(mod.tooShort).toBe(z.string().min(3).safeParse('ab').error?.issues[0]?.message);
    expect(mod.wrongType).toBe(z.number().safeParse('x').error?.issues[0]?.message);
    expect(mod.tooShort).toMatch(/^Demasiado pequeno/);
    expect(mod.parsed).toEqual({ a: null });
    expect(mod.standardValidate).toEqual({ value: 'abcd' });
  });

  it('mantém os getters que leem as checagens do esquema', () => {
    expect(mod.minLength).toBe(3);
    expect(mod.isInt).toBe(true);
  });

  it('não leva JSON Schema nem as mensagens em inglês', () => {
    expect(() => mod.ownJsonSchema()).toThrow(/JSON Schema de um esquema zod não existe no app/);
    expect(code).not.toContain('Too small');
    expect(code).not.toContain('$schema');
    // Minified, the same entry without the plugin is this much bigger.
    expect(plainSize - code.length).toBeGreaterThan(10_000);
  });
});
