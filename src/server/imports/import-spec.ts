// What one kind of import (products, customers, open crediário) tells the engine
// (import-run.ts): its fields, what a mapping must have, and how a batch of rows is judged
// against the store and written. The engine reads the file, batches it, counts and
// records; it never branches on the kind.
import type { ImportKind, ImportRowError, StockMode } from '../../shared/contract';
import type { ImportField, Mapping } from '../../shared/import/fields';
import type { DbOrTx } from '../db/client';
import type { SheetRow } from './limits';

export type Verdict = 'create' | 'update' | 'unchanged' | 'error';

export interface Judged<P> {
  line: number;
  verdict: Verdict;
  errors: ImportRowError[];
  /** what writing the row does (absent for errors and unchanged rows) */
  plan?: P;
  /** centavos the row adds to the import's total (open crediário) */
  amount?: number;
  /** the row creates a customer (open crediário: the first row of a document the store lacks) */
  newCustomer?: boolean;
}

export interface ImportJob {
  tenantId: string;
  userId: string | null;
  mapping: Mapping;
  stockMode: StockMode;
  fileName: string;
  importId: string;
  /** the batch's place in the file (0: the first) */
  batch: number;
  now: Date;
  /** the confirm (rows locked, then written); false: the preview */
  confirming: boolean;
}

export interface ImportSpec<P, S> {
  kind: ImportKind;
  fields: readonly ImportField[];
  /** Why a mapping cannot be imported (a field that must have a column), or null. */
  mappingProblem(mapping: Mapping): string | null;
  /** What the file's rows share as they are read (codes seen, to catch repeats). */
  start(): S;
  /** Each row of the batch judged against the store (and the rows before it in the file). */
  judge(t: DbOrTx, job: ImportJob, state: S, rows: readonly SheetRow[]): Promise<Judged<P>[]>;
  /** Writes the batch's rows to create or update (confirm only, in its transaction). */
  write(t: DbOrTx, job: ImportJob, state: S, rows: readonly Judged<P>[]): Promise<void>;
  /** whether the stock choice applies */
  hasStock: boolean;
}
