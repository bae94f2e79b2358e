// The stand-in SEFAZ as its own process (Chromium runs, benchmarks, a developer's machine):
//
//   npx tsx src/server/fiscal/test/stand-in-sefaz-cli.ts --client-ca <CA das A1 .pem>
//       [--csc 1=CSC...] [--port 0] [--cancel-window-ms 1800000] [--no-validate]
//
// Prints one line of JSON, {"url": ..., "caPath": ...}: give the server
// FISCAL_SEFAZ_URL=<url> and FISCAL_SEFAZ_CA=<caPath>. Runs until SIGINT/SIGTERM.
// Test code: not part of the product.
import { readFileSync } from 'node:fs';
import { startStandInSefaz, type StandInOptions } from './stand-in-sefaz';

function parseArgs(argv: string[]): StandInOptions {
  let clientCaPem: string | null = null;
  const options: Omit<StandInOptions, 'clientCaPem'> & { csc: Record<string, string> } = { csc: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg}: falta o valor`);
      return v;
    };
    if (arg === '--client-ca') clientCaPem = readFileSync(value(), 'utf8');
    else if (arg === '--csc') {
      const [id, csc] = value().split('=');
      if (!id || !csc) throw new Error('--csc: use idCSC=CSC (ex.: 1=G8063VRT...)');
      options.csc[String(Number(id))] = csc;
    } else if (arg === '--port') options.port = Number(value());
    else if (arg === '--cancel-window-ms') options.cancelWindowMs = Number(value());
    else if (arg === '--no-validate') options.validate = false;
    else throw new Error(`opção desconhecida: ${arg}`);
  }
  if (!clientCaPem) throw new Error('--client-ca <arquivo .pem da CA que emitiu as A1> é obrigatório');
  return { ...options, clientCaPem };
}

async function main() {
  let options: StandInOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`stand-in-sefaz: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
  const standIn = await startStandInSefaz(options);
  console.log(JSON.stringify({ url: standIn.url, caPath: standIn.caPath }));
  const stop = () => {
    void standIn.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
