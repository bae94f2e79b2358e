// The app's build of zod without what the browser never runs: JSON Schema and the English
// messages. zod's classic schemas import both for every page that uses zod (every one):
// - the JSON Schema processors and `toJSONSchema` (core/json-schema-processors.js,
//   core/to-json-schema.js), which each schema wires to itself when built but which only
//   run when something asks a schema for its JSON Schema (the server's route documentation
//   does; the app never does). In the app's build they are functions that throw a clear
//   error if ever called. `aggregateChecks`, which the schemas' getters (`minLength`,
//   `isInt`...) read, stays zod's own.
// - the English locale, the default until z.config() sets another: the app sets Portuguese
//   (shared/contract/common.ts), so the default is Portuguese too, and a schema built before
//   that call speaks the same language as the others.
// Only the imports of zod's classic/schemas.js are redirected; the server and the tests
// (vitest, tsx) use zod untouched. The stand-ins are made from the real module's list of
// exports: a zod update that made a schema call one of them while being built (as the getters
// call aggregateChecks) would throw in the app, which tests/server/zod-browser-build.test.ts
// (zod bundled with this plugin, then run) is there to catch.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const SCHEMAS = /node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const PROCESSORS = '../core/json-schema-processors.js';
const TO_JSON_SCHEMA = '../core/to-json-schema.js';
const ENGLISH = '../locales/en.js';
const PREFIX = '\0zod-browser:';

const UNAVAILABLE = `const unavailable = () => {
  throw new Error('JSON Schema de um esquema zod não existe no app (scripts/zod-browser.mjs)');
};`;

/** The names a module of zod exports (`export function x` / `export const x`). */
function exportedNames(file) {
  return [...readFileSync(file, 'utf8').matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1]);
}

/** @returns {import('vite').Plugin} */
export function zodBrowser() {
  /** virtual id -> the real file it stands for */
  const real = new Map();
  return {
    name: 'balcao:zod-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !SCHEMAS.test(importer)) return null;
      if (source !== PROCESSORS && source !== TO_JSON_SCHEMA && source !== ENGLISH) return null;
      const id = PREFIX + source.slice(source.lastIndexOf('/') + 1);
      real.set(id, join(dirname(importer), source));
      return id;
    },
    load(id) {
      const file = real.get(id);
      if (!file) return null;
      if (file.endsWith('en.js')) return `export { default } from ${JSON.stringify(join(dirname(file), 'pt.js'))};`;
      const names = exportedNames(file).filter((name) => name !== 'aggregateChecks');
      const keep = file.endsWith('json-schema-processors.js')
        ? `export { aggregateChecks } from ${JSON.stringify(file)};\n`
        : '';
      // to-json-schema's method factories build a function when a schema is read for its
      // Standard Schema props; the function throws only if called.
      const body = names.map((name) =>
        name.startsWith('create') ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`,
      );
      return `${keep}${UNAVAILABLE}\n${body.join('\n')}\n`;
    },
  };
}
