// Open crediário from a spreadsheet: one instalment per row, of a customer found by CPF/CNPJ
// (created when new: a name is needed), with its amount, due date and 'Parcela n/m'. Each
// becomes a pending receivable of kind crediário (`import_id`, migration 0029): collected at
// the counter like a sale's, multa and juros from its due date, counted in the customer's
// limit; never revenue in the DRE (the sale was made before Balcão). An instalment already
// brought in (same customer, description, parcela and due date, by any earlier import) is
// not brought in again: 'sem alteração'.
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { ImportRowError } from '../../shared/contract';
import { type Cell, readText } from '../../shared/import/cells';
import { RECEIVABLE_FIELDS, type Mapping, type ReceivableFieldKey } from '../../shared/import/fields';
import type { DbOrTx } from '../db/client';
import { accountsReceivable, customers } from '../db/schema';
import type { ImportJob, ImportSpec, Judged } from './import-spec';
import type { SheetRow } from './limits';
import {
  day,
  document,
  oneLine,
  positiveMoney,
  positiveQuantity,
  readRow,
  rowError,
  type CellReader,
} from './row-values';

/** An instalment's place in its carnê: 'Parcela 2/5' (count null: '2'). */
interface Place {
  number: number;
  count: number | null;
}

interface ReceivableValues {
  document: string;
  name: string;
  phone: string;
  description: string;
  installment: Place;
  installments: number;
  amount: number;
  due_date: string;
}

const no = (reason: string) => ({ ok: false as const, reason });
const MAX_INSTALLMENTS = 999;
const NOT_A_PLACE = 'não é uma parcela (use 2, 2/5 ou 2 de 5)';

/** '2', '2/5', '02 de 05', 'Parcela 2/5', or the number 2; a cell Excel turned into a date is explained. */
const place: CellReader<Place> = (cell: Cell) => {
  if (cell instanceof Date)
    return no('virou data no Excel: formate a coluna Parcela como Texto e digite de novo (ex.: 2/5)');
  if (typeof cell === 'number')
    return Number.isInteger(cell) && cell >= 1 && cell <= MAX_INSTALLMENTS
      ? { ok: true, value: { number: cell, count: null } }
      : no(NOT_A_PLACE);
  const read = readText(cell);
  if (!read.ok || read.value === null) return read.ok ? { ok: true, value: null } : read;
  const match = /^(?:parcela\s*)?(\d{1,3})\s*(?:(?:\/|de)\s*(\d{1,3}))?$/i.exec(read.value.trim());
  if (!match) return no(NOT_A_PLACE);
  const number = Number(match[1]);
  const count = match[2] === undefined ? null : Number(match[2]);
  if (number < 1) return no(NOT_A_PLACE);
  if (count !== null && number > count) return no(`é maior que o total de parcelas (${count})`);
  return { ok: true, value: { number, count } };
};

const READERS: { [K in ReceivableFieldKey]: CellReader<ReceivableValues[K]> } = {
  document,
  name: oneLine(200),
  phone: oneLine(30),
  description: oneLine(200),
  installment: place,
  installments: positiveQuantity,
  amount: positiveMoney,
  due_date: day,
};

const DEFAULT_DESCRIPTION = 'Crediário importado';

/** The receivable's description: 'Parcela 2/5 - Carnê 1234', as a sale's reads 'Parcela 2/5 - Venda #A-0042'. */
export function importedInstallmentDescription(description: string | null, at: Place | null): string {
  const base = description ?? DEFAULT_DESCRIPTION;
  if (!at) return base;
  return `Parcela ${at.number}${at.count === null ? '' : `/${at.count}`} - ${base}`;
}

/** Who owes the row: a customer of the store, or one the import creates (by document). */
type Debtor = { id: string } | { document: string; name: string; phone: string | null };

export interface ReceivablePlan {
  debtor: Debtor;
  installmentNumber: number | null;
  description: string;
  amount: number;
  dueDate: string;
}

interface ReceivableState {
  /** instalment key => its first line in the file */
  seen: Map<string, number>;
  /** new customers by document: their first line, name and phone */
  newcomers: Map<string, { line: number; name: string; phone: string | null }>;
  /** new customers already written, by document (confirm) */
  written: Map<string, string>;
}

const label = (key: ReceivableFieldKey) => RECEIVABLE_FIELDS.find((f) => f.key === key)!.label;
const required = (line: number, key: ReceivableFieldKey, why = 'obrigatório') => rowError(line, why, label(key));
const keyOf = (customer: string, p: Pick<ReceivablePlan, 'description' | 'installmentNumber' | 'dueDate'>) =>
  `${customer}|${p.description}|${p.installmentNumber ?? ''}|${p.dueDate}`;

type Values = { [K in ReceivableFieldKey]: ReceivableValues[K] | null };

function placeOf(line: number, v: Values, errors: ImportRowError[]): Place | null {
  const at = v.installment;
  if (!at) return null;
  const count = at.count ?? v.installments;
  if (at.count !== null && v.installments !== null && at.count !== v.installments)
    errors.push(
      rowError(line, `a parcela diz ${at.number}/${at.count} e o total diz ${v.installments}`, label('installments')),
    );
  else if (count !== null && at.number > count)
    errors.push(
      rowError(line, `a parcela ${at.number} é maior que o total de parcelas (${count})`, label('installment')),
    );
  return { number: at.number, count };
}

function judgeRow(
  line: number,
  v: Values,
  state: ReceivableState,
  byDocument: ReadonlyMap<string, string>,
  brought: ReadonlySet<string>,
): Judged<ReceivablePlan> {
  const errors: ImportRowError[] = [];
  if (v.document === null)
    errors.push(required(line, 'document', 'obrigatório: o crediário é de um cliente identificado'));
  if (v.amount === null) errors.push(required(line, 'amount'));
  if (v.due_date === null) errors.push(required(line, 'due_date'));
  const at = placeOf(line, v, errors);
  const known = v.document === null ? undefined : byDocument.get(v.document);
  const newcomer = v.document === null || known ? undefined : state.newcomers.get(v.document);
  if (v.document !== null && !known && !newcomer && v.name === null)
    errors.push(required(line, 'name', 'obrigatório para um cliente novo'));
  if (errors.length > 0) return { line, verdict: 'error', errors };
  const plan: ReceivablePlan = {
    debtor: known
      ? { id: known }
      : { document: v.document!, name: newcomer?.name ?? v.name!, phone: newcomer?.phone ?? v.phone },
    installmentNumber: at?.number ?? null,
    description: importedInstallmentDescription(v.description, at),
    amount: v.amount!,
    dueDate: v.due_date!,
  };
  const key = keyOf(v.document!, plan);
  const first = state.seen.get(key);
  if (first !== undefined)
    return { line, verdict: 'error', errors: [rowError(line, `repete a parcela da linha ${first}`)] };
  state.seen.set(key, line);
  if (!known && !newcomer) state.newcomers.set(v.document!, { line, name: v.name!, phone: v.phone });
  if (known && brought.has(keyOf(known, plan))) return { line, verdict: 'unchanged', errors };
  const creates = !known && !newcomer;
  return { line, verdict: 'create', errors, plan, amount: plan.amount, ...(creates ? { newCustomer: true } : {}) };
}

async function judge(t: DbOrTx, job: ImportJob, state: ReceivableState, rows: readonly SheetRow[]) {
  const mapping = job.mapping as Mapping<ReceivableFieldKey>;
  const read = rows.map((row) => ({
    row,
    ...readRow<ReceivableFieldKey, ReceivableValues>(row, RECEIVABLE_FIELDS, mapping, READERS),
  }));
  const documents = [...new Set(read.map((r) => r.values.document).filter((d): d is string => d !== null))];
  const c = customers;
  const found = documents.length
    ? await t
        .select({ id: c.id, document: c.document })
        .from(c)
        .where(and(eq(c.tenantId, job.tenantId), isNull(c.deletedAt), inArray(c.document, documents)))
        .orderBy(c.createdAt, c.id)
    : [];
  // Two customers with one document (typed before documents were checked): the oldest.
  const byDocument = new Map<string, string>();
  for (const row of found) if (!byDocument.has(row.document!)) byDocument.set(row.document!, row.id);
  const brought = await broughtBefore(t, job.tenantId, [...byDocument.values()]);
  return read.map(({ row, values, errors }) =>
    errors.length > 0
      ? { line: row.line, verdict: 'error' as const, errors }
      : judgeRow(row.line, values, state, byDocument, brought),
  );
}

/** The instalments earlier imports brought in for these customers (cancelled ones apart), by key. */
async function broughtBefore(t: DbOrTx, tenantId: string, customerIds: readonly string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const r = accountsReceivable;
  const rows = await t
    .select({
      customerId: r.customerId,
      description: r.description,
      installmentNumber: r.installmentNumber,
      dueDate: r.dueDate,
    })
    .from(r)
    .where(
      and(
        eq(r.tenantId, tenantId),
        inArray(r.customerId, [...customerIds]),
        isNotNull(r.importId),
        ne(r.status, 'cancelled'),
      ),
    );
  return new Set(rows.map((row) => keyOf(row.customerId!, row)));
}

async function write(t: DbOrTx, job: ImportJob, state: ReceivableState, rows: readonly Judged<ReceivablePlan>[]) {
  const plans = rows.map((r) => r.plan!);
  const fresh = new Map<string, { name: string; phone: string | null }>();
  for (const { debtor } of plans)
    if ('document' in debtor && !state.written.has(debtor.document)) fresh.set(debtor.document, debtor);
  if (fresh.size > 0) {
    const made = await t
      .insert(customers)
      .values(
        [...fresh].map(([doc, who]) => ({ tenantId: job.tenantId, document: doc, name: who.name, phone: who.phone })),
      )
      .returning({ id: customers.id, document: customers.document });
    for (const row of made) state.written.set(row.document!, row.id);
  }
  if (plans.length === 0) return;
  await t.insert(accountsReceivable).values(
    plans.map((p) => ({
      tenantId: job.tenantId,
      customerId: 'id' in p.debtor ? p.debtor.id : state.written.get(p.debtor.document)!,
      importId: job.importId,
      installmentNumber: p.installmentNumber,
      description: p.description,
      amount: p.amount,
      dueDate: p.dueDate,
      status: 'pending' as const,
      paymentMethod: 'crediario' as const,
      createdAt: job.now,
      updatedAt: job.now,
    })),
  );
}

export const receivableImport: ImportSpec<ReceivablePlan, ReceivableState> = {
  kind: 'receivables',
  fields: RECEIVABLE_FIELDS,
  hasStock: false,
  mappingProblem: (mapping) => {
    const missing = (['document', 'amount', 'due_date'] as const).filter((key) => mapping[key] === null);
    return missing.length > 0 ? `Escolha a coluna de ${missing.map(label).join(', ')}.` : null;
  },
  start: () => ({ seen: new Map(), newcomers: new Map(), written: new Map() }),
  judge,
  write,
};
