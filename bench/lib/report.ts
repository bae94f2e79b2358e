// What a part of the benchmark is, and how its figures are printed: one table per part,
// each figure beside its aim. Nothing fails on a figure; a step that breaks is reported
// and makes the exit code 1.
import { machineLoad } from './stats';

export interface Row {
  medida: string;
  resultado: string;
  meta: string;
  situação: string;
}

export const verdict = (ok: boolean | null) => (ok === null ? '' : ok ? 'atende' : 'NÃO atende');

export interface PartContext {
  /** Runs a step, timing it; a failure is recorded (row 'erro', exit code 1) and gives null. */
  step<T>(name: string, fn: () => Promise<T>): Promise<T | null>;
  row(row: Row): void;
  /** A figure without an aim. */
  note(medida: string, resultado: string): void;
}

export interface BenchPart {
  /** Its name in BENCH_ONLY. */
  name: string;
  title: string;
  /** For the watchdog: the most this part may take, in minutes. */
  budgetMin: number;
  run(ctx: PartContext): Promise<void>;
}

/** Runs one part and prints its table; returns the failures of its steps. */
export async function runPart(part: BenchPart): Promise<string[]> {
  console.log(`\n== ${part.title} [${part.name}] · carga da máquina (1, 5, 15 min): ${machineLoad()}`);
  const rows: Row[] = [];
  const failures: string[] = [];
  const ctx: PartContext = {
    async step(name, fn) {
      const t0 = Date.now();
      try {
        const value = await fn();
        console.log(`  ${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s (carga ${machineLoad()})`);
        return value;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        failures.push(`${part.name} / ${name}: ${message}`);
        console.error(`  ${name}: FALHOU: ${message}`);
        rows.push({ medida: name, resultado: 'erro', meta: '', situação: 'erro' });
        return null;
      }
    },
    row: (row) => rows.push(row),
    note: (medida, resultado) => rows.push({ medida, resultado, meta: '', situação: '' }),
  };
  try {
    await part.run(ctx);
  } catch (err) {
    failures.push(`${part.name}: ${err instanceof Error ? err.message : String(err)}`);
    console.error(`  ${part.name}: FALHOU:`, err);
  }
  if (rows.length) console.table(rows);
  return failures;
}
