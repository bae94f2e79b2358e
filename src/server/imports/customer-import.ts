// Customers from a spreadsheet. A row finds its customer by CPF/CNPJ (checked, the
// alphanumeric CNPJ too); a row without one, by its name among the customers without a
// document (Clientes' own export read back: export, edit in Excel, import). Found, it
// updates what the row fills and differs (an empty cell changes nothing) and a row
// identical to the customer is neither written nor counted; not found, it creates one (a
// name is needed). 'Limite de crédito' is the customer's crediário limit.
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { ImportRowError } from '../../shared/contract';
import { CUSTOMER_FIELDS, type CustomerFieldKey, type Mapping } from '../../shared/import/fields';
import type { Cell } from '../../shared/import/cells';
import type { DbOrTx } from '../db/client';
import { customers, type CustomerRow } from '../db/schema';
import type { ImportJob, ImportSpec, Judged } from './import-spec';
import type { SheetRow } from './limits';
import { document, money, oneLine, readRow, rowError, yesNo, type CellReader } from './row-values';

interface CustomerValues {
  document: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  credit_limit: number;
  active: boolean;
}

const no = (reason: string) => ({ ok: false as const, reason });

const email: CellReader<string> = (cell: Cell) => {
  const read = oneLine(200)(cell);
  if (!read.ok || read.value === null) return read;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(read.value)
    ? { ok: true, value: read.value.toLowerCase() }
    : no('não é um e-mail');
};
const state: CellReader<string> = (cell) => {
  const read = oneLine(2)(cell);
  if (!read.ok || read.value === null) return read.ok ? read : no('não é uma UF (2 letras)');
  return /^[A-Za-z]{2}$/.test(read.value)
    ? { ok: true, value: read.value.toUpperCase() }
    : no('não é uma UF (2 letras)');
};
const zipCode: CellReader<string> = (cell) => {
  const digits = typeof cell === 'number' ? String(cell).padStart(8, '0') : null;
  const read = digits === null ? oneLine(10)(cell) : { ok: true as const, value: digits };
  if (!read.ok || read.value === null) return read.ok ? read : no('não é um CEP (8 dígitos)');
  const bare = read.value.replace(/\D/g, '');
  return bare.length === 8 ? { ok: true, value: bare } : no('não é um CEP (8 dígitos)');
};

const READERS: { [K in CustomerFieldKey]: CellReader<CustomerValues[K]> } = {
  document,
  name: oneLine(200),
  email,
  phone: oneLine(30),
  address: oneLine(300),
  city: oneLine(120),
  state,
  zip_code: zipCode,
  credit_limit: money,
  active: yesNo,
};

interface CustomerFields {
  name: string;
  document: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  creditLimit: number | null;
  active: boolean;
}

export type CustomerPlan =
  { action: 'create'; fields: CustomerFields } | { action: 'update'; id: string; fields: CustomerFields };

const label = (key: CustomerFieldKey) => CUSTOMER_FIELDS.find((f) => f.key === key)!.label;

const fieldsOf = (c: CustomerRow): CustomerFields => ({
  name: c.name,
  document: c.document,
  email: c.email,
  phone: c.phone,
  address: c.address,
  city: c.city,
  state: c.state,
  zipCode: c.zipCode,
  creditLimit: c.creditLimit,
  active: c.active,
});

type Values = { [K in CustomerFieldKey]: CustomerValues[K] | null };

/** A name as rows without a document are matched by: one case, single spaces. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

interface Found {
  byDocument: Map<string, CustomerRow>;
  /** customers without a document, by nameKey */
  byName: Map<string, CustomerRow[]>;
}

function matchOf(line: number, v: Values, seen: Map<string, number>, found: Found, errors: ImportRowError[]) {
  if (v.document !== null) {
    const first = seen.get(v.document);
    if (first !== undefined)
      errors.push(rowError(line, `"${v.document}" repete o documento da linha ${first}`, label('document')));
    else seen.set(v.document, line);
    return found.byDocument.get(v.document);
  }
  if (v.name === null) return undefined;
  const key = `nome:${nameKey(v.name)}`;
  const first = seen.get(key);
  if (first !== undefined)
    errors.push(rowError(line, `"${v.name}" sem CPF/CNPJ repete o cliente da linha ${first}`, label('name')));
  else seen.set(key, line);
  const named = found.byName.get(nameKey(v.name)) ?? [];
  if (named.length > 1)
    errors.push(
      rowError(line, `há ${named.length} clientes "${v.name}" sem CPF/CNPJ: informe o documento`, label('name')),
    );
  return named.length === 1 ? named[0] : undefined;
}

function judgeRow(line: number, v: Values, seen: Map<string, number>, found: Found) {
  const errors: ImportRowError[] = [];
  const match = matchOf(line, v, seen, found, errors);
  if (!match && v.name === null) errors.push(rowError(line, 'obrigatório para um cliente novo', label('name')));
  if (errors.length > 0) return { line, verdict: 'error' as const, errors };
  const now = match ? fieldsOf(match) : null;
  const fields: CustomerFields = {
    name: v.name ?? now!.name,
    document: v.document ?? now?.document ?? null,
    email: v.email ?? now?.email ?? null,
    phone: v.phone ?? now?.phone ?? null,
    address: v.address ?? now?.address ?? null,
    city: v.city ?? now?.city ?? null,
    state: v.state ?? now?.state ?? null,
    zipCode: v.zip_code ?? now?.zipCode ?? null,
    creditLimit: v.credit_limit ?? now?.creditLimit ?? null,
    active: v.active ?? now?.active ?? true,
  };
  if (!match) return { line, verdict: 'create' as const, errors, plan: { action: 'create' as const, fields } };
  const same = (Object.keys(fields) as (keyof CustomerFields)[]).every((k) => fields[k] === now![k]);
  if (same) return { line, verdict: 'unchanged' as const, errors };
  return { line, verdict: 'update' as const, errors, plan: { action: 'update' as const, id: match.id, fields } };
}

async function judge(t: DbOrTx, job: ImportJob, seen: Map<string, number>, rows: readonly SheetRow[]) {
  const mapping = job.mapping as Mapping<CustomerFieldKey>;
  const read = rows.map((row) => ({
    row,
    ...readRow<CustomerFieldKey, CustomerValues>(row, CUSTOMER_FIELDS, mapping, READERS),
  }));
  const documents = [...new Set(read.map((r) => r.values.document).filter((d): d is string => d !== null))];
  const found = documents.length
    ? await t
        .select()
        .from(customers)
        .where(
          and(
            sql`${customers.tenantId} = ${job.tenantId}`,
            isNull(customers.deletedAt),
            inArray(customers.document, documents),
          ),
        )
        .orderBy(asc(customers.createdAt), asc(customers.id))
    : [];
  // Two customers with one document (typed before documents were checked): the oldest.
  const byDocument = new Map<string, CustomerRow>();
  for (const c of found) if (!byDocument.has(c.document!)) byDocument.set(c.document!, c);
  const byName = await undocumented(t, job.tenantId, read);
  return read.map(({ row, values, errors }): Judged<CustomerPlan> =>
    errors.length > 0
      ? { line: row.line, verdict: 'error', errors }
      : judgeRow(row.line, values, seen, { byDocument, byName }),
  );
}

/** The customers without a document named as the batch's rows without one (Consumidor final apart). */
async function undocumented(t: DbOrTx, tenantId: string, read: readonly { values: Values }[]) {
  const names = [
    ...new Set(
      read.filter((r) => r.values.document === null && r.values.name !== null).map((r) => nameKey(r.values.name!)),
    ),
  ];
  const byName = new Map<string, CustomerRow[]>();
  if (names.length === 0) return byName;
  const rows = await t
    .select()
    .from(customers)
    .where(
      and(
        sql`${customers.tenantId} = ${tenantId}`,
        isNull(customers.deletedAt),
        isNull(customers.document),
        sql`NOT ${customers.finalConsumer}`,
        inArray(sql`lower(regexp_replace(btrim(${customers.name}), '\\s+', ' ', 'g'))`, names),
      ),
    );
  for (const c of rows) byName.set(nameKey(c.name), [...(byName.get(nameKey(c.name)) ?? []), c]);
  return byName;
}

async function write(t: DbOrTx, job: ImportJob, _state: unknown, rows: readonly Judged<CustomerPlan>[]): Promise<void> {
  const plans = rows.map((r) => r.plan!);
  const creates = plans.filter((p) => p.action === 'create');
  const updates = plans.filter((p) => p.action === 'update');
  if (creates.length > 0) {
    await t.insert(customers).values(creates.map((c) => ({ tenantId: job.tenantId, ...c.fields })));
  }
  if (updates.length > 0) {
    const json = JSON.stringify(
      updates.map(({ id, fields: f }) => ({
        id,
        name: f.name,
        document: f.document,
        email: f.email,
        phone: f.phone,
        address: f.address,
        city: f.city,
        state: f.state,
        zip_code: f.zipCode,
        credit_limit: f.creditLimit,
        active: f.active,
      })),
    );
    await t.execute(sql`UPDATE ${customers} AS c
        SET name = x.name, document = x.document, email = x.email, phone = x.phone, address = x.address,
            city = x.city, state = x.state, zip_code = x.zip_code, credit_limit = x.credit_limit,
            active = x.active, updated_at = ${job.now}
       FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, name text, document text, email text, phone text,
            address text, city text, state text, zip_code text, credit_limit bigint, active boolean)
      WHERE c.tenant_id = ${job.tenantId} AND c.id = x.id`);
  }
}

export const customerImport: ImportSpec<CustomerPlan, Map<string, number>> = {
  kind: 'customers',
  fields: CUSTOMER_FIELDS,
  hasStock: false,
  mappingProblem: (mapping) =>
    mapping.name === null && mapping.document === null ? 'Escolha a coluna do Nome ou a do CPF/CNPJ.' : null,
  start: () => new Map(),
  judge,
  write,
};
