// The cash book has one writer: no file of the server but ledgers/cash-book.ts inserts,
// updates or deletes cash_flow_entries, by Drizzle (the table or a name given to it) or
// by SQL text. Tests and their fixtures may (they set up and clear stores).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(__dirname, '..');
const WRITER = 'ledgers/cash-book.ts';

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test' && name !== 'migrations') yield* sources(path);
    } else if (/\.(ts|sql)$/.test(name) && !/\.test\.ts$|-fixtures\.ts$/.test(name)) yield path;
  }
}

/** The writes a file makes to the cash book: one line each. */
function cashBookWrites(text: string): string[] {
  const names = ['cashFlowEntries', ...[...text.matchAll(/(\w+)\s*=\s*cashFlowEntries\b/g)].map((m) => m[1]!)];
  const drizzle = new RegExp(
    `\\.(?:insert|update|delete)\\(\\s*(?:${names.join('|')})\\s*\\)|insertRowsSql\\(\\s*(?:${names.join('|')})\\b`,
  );
  const sqlText = /(?:insert\s+into|update|delete\s+from)\s+"?cash_flow_entries\b/i;
  return text.split('\n').filter((line) => drizzle.test(line) || sqlText.test(line));
}

describe('the cash book has one writer', () => {
  it('finds the writes it looks for', () => {
    expect(cashBookWrites('await t.insert(cashFlowEntries).values(x)')).toHaveLength(1);
    expect(cashBookWrites('const t = cashFlowEntries;\nawait tr.update(t).set({})')).toHaveLength(1);
    expect(cashBookWrites('insertRowsSql(cashFlowEntries, rows)')).toHaveLength(1);
    expect(cashBookWrites('sql`DELETE FROM cash_flow_entries WHERE id = 1`')).toHaveLength(1);
    expect(cashBookWrites('await t.select().from(cashFlowEntries)')).toHaveLength(0);
  });

  it('is ledgers/cash-book.ts alone', () => {
    const writers = [...sources(SERVER)]
      .map((path) => relative(SERVER, path))
      .filter((path) => cashBookWrites(readFileSync(join(SERVER, path), 'utf8')).length > 0);
    expect(writers).toEqual([WRITER]);
  });
});
