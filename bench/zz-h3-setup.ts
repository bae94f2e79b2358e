import { startServer } from '../tests/e2e/support/server';
import { withSql } from './lib/sql';
import { generateYearStore } from './lib/year-store';
const url = 'postgres://postgres@127.0.0.1:5432/balcao_h3hist';
const s = await startServer({ DATABASE_URL: url });
await s.stop();
console.log('pg migrated');
console.log(await withSql({ url }, (sql) => generateYearStore(sql, 1)));
