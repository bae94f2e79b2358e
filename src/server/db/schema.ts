// Drizzle schema shared by both drivers (PGlite and node-postgres).
// Every tenant-owned table keys on (tenant_id, id): tenant_id leads every key and index,
// so rows can later be sharded by tenant and no foreign key can cross tenants.
// Money columns are integer centavos (bigint, read as JS numbers: safe up to 2^53).
// The tables live by area in schema/; this file is what drizzle-kit and the code import.
export { tenants, type TenantRow } from './schema/base';
export * from './schema/access';
export * from './schema/catalogue';
export * from './schema/sales';
export * from './schema/payments';
export * from './schema/finance';
export * from './schema/summaries';
export * from './schema/stock';
export * from './schema/stock-entries';
export * from './schema/caixa';
export * from './schema/returns';
export * from './schema/devices';
export * from './schema/imports';
export * from './schema/fiscal';
export * from './schema/till-keys';
