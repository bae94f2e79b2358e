// The NFC-e emission of one app process: the emitter cache (the stores' opened A1 and CSC),
// the tax rates lookup, and the queue's worker when a SefazPort is wired (the app factory's
// `sefaz` option; without one the notes are built, signed and kept 'pendente', and nothing
// is sent). The sales pipeline takes `sales` (sales/create/sale-fiscal.ts); the routes call
// `deliver` after the commit, which sends the online sales' notes within the store's time
// limit and reads every answered sale's note as it is now.
import type { FiscalNoteReceipt, TechResponsible } from '../../shared/contract';
import type { Db } from '../db/client';
import { createEmissionQueue, DEFAULT_LEASE_MS, type EmissionQueue, type EmissionQueueOptions } from './emission-queue';
import { createEmitterCache, type EmitterCache } from './emitter-context';
import type { IssueOptions } from './issue-notes';
import { currentReceipts } from './note-receipt';
import type { SecretBox } from './secret-box';
import { sefazTimeoutMs, type SefazPort } from './sefaz-port';
import { taxRatesFor } from './ibpt-table';
import type { TaxRatesLookup } from './tax-rates';

/** What the sales pipeline is given to emit. */
export interface SaleEmission extends Omit<IssueOptions, 'lease'> {
  /** This process's name in the queue's leases. */
  instanceId: string;
  /** How long a note sent at once is leased to this process. */
  leaseMs: number;
}

export interface EmissionOptions {
  db: Db;
  box: SecretBox;
  /** The operator's Responsável Técnico (FISCAL_TECH_*): a store's while it has none of its own. */
  techResponsible?: TechResponsible | null;
  /** The SEFAZ client (fiscal/sefaz-client.ts createSefazClient) or a test's; absent: nothing is sent. */
  sefaz?: SefazPort;
  /** The store's IBPT rates (absent: no vTotTrib). */
  taxRates?: TaxRatesLookup;
  /** The worker's settings (tests: a short poll, no backoff); start: false leaves it stopped. */
  queue?: Omit<EmissionQueueOptions, 'db' | 'sefaz' | 'emitters'> & { start?: boolean };
  /** Draws cNF (tests: a seeded source). */
  random?: () => number;
  log?: (error: unknown, message: string) => void;
}

/** A sale answered after its transaction, as deliver sees it: its id, its note, and whether it is sent now. */
export interface AnsweredSale {
  id: string;
  note: FiscalNoteReceipt | null | undefined;
  /** An online sale made now (its note is leased to this process). */
  sendNow: boolean;
}

export interface Emission {
  sales: SaleEmission;
  emitters: EmitterCache;
  /** null: no SefazPort wired. */
  queue: EmissionQueue | null;
  /** Sends the notes of `answered` made now online (within the store's time limit) and reads each one's note as it is now. */
  deliver(tenantId: string, answered: readonly AnsweredSale[]): Promise<Map<string, FiscalNoteReceipt>>;
  close(): Promise<void>;
}

export function createEmission(options: EmissionOptions): Emission {
  const emitters = createEmitterCache(options.box, options.techResponsible ?? null);
  const log = options.log ?? (() => {});
  const { start = true, ...queueOptions } = options.queue ?? {};
  const queue = options.sefaz
    ? createEmissionQueue({ ...queueOptions, log, db: options.db, sefaz: options.sefaz, emitters })
    : null;
  if (queue && start) queue.start();
  const sales: SaleEmission = {
    emitters,
    taxRates: options.taxRates ?? taxRatesFor,
    random: options.random,
    instanceId: queue?.instanceId ?? 'sem-sefaz',
    leaseMs: queue?.leaseMs ?? DEFAULT_LEASE_MS,
    log: (error) => log(error, 'NFC-e: nota não montada'),
  };
  return {
    sales,
    emitters,
    queue,
    async deliver(tenantId, answered) {
      const withNote = answered.filter((a) => a.note);
      if (withNote.length === 0) return new Map();
      // The sales are committed: a failure here answers them with their notes as first made.
      try {
        const now = withNote.filter((a) => a.sendNow && a.note!.status === 'pendente');
        if (queue && now.length > 0) {
          const context = await emitters.get(options.db, tenantId);
          const limitMs = sefazTimeoutMs(context.settings);
          await Promise.all(now.map((a) => queue.sendNow(tenantId, a.note!.id, limitMs)));
        }
        if (queue && withNote.some((a) => !a.sendNow)) queue.wake();
        return await currentReceipts(
          options.db,
          tenantId,
          withNote.map((a) => a.id),
        );
      } catch (error) {
        log(error, 'NFC-e: a nota da venda não pôde ser lida de novo; respondida como foi feita');
        return new Map();
      }
    },
    close: async () => queue?.stop(),
  };
}
