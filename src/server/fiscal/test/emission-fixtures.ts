// The store of the emission tests: the app built with a scripted SEFAZ (its worker left
// stopped: the tests run it), the fiscal setup done through the API (emitter, Responsável
// Técnico, CSC, an A1 made by openssl, a till with its series, emission on), products with
// NCM, and the official checks of every note written (xmllint against nfe_v4.00.xsd,
// xmlsec1 against the test CA).
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SAMPLE_CNPJ } from '../../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../../shared/seeded-random';
import { fiscalNotes, fiscalUnissued, products, type FiscalNoteRow } from '../../db/schema';
import { makeCustomer, makeProduct, saleBody, type LineInput } from '../../test/sales-fixtures';
import type { AppConfig } from '../../app';
import { openTestStore, type Res, type TestAppOptions, type TestStore } from '../../test/helpers';
import type { TestDbKind } from '../../test/testDb';
import type { SefazPort } from '../sefaz-port';
import { makeA1, type A1File } from './a1-files';
import { scriptedSefaz, type ScriptedSefaz } from './scripted-sefaz';
import { schemaFailures, verifySignature, writeDocuments } from './xml-tools';

export const EMITTER = {
  cnpj: SAMPLE_CNPJ,
  legal_name: 'Loja de Teste Ltda',
  trade_name: 'Loja de Teste',
  ie: '123456789110',
  address: {
    street: 'Rua das Flores',
    number: '100',
    district: 'Centro',
    city_code: '3550308',
    city_name: 'São Paulo',
    uf: 'SP',
    cep: '01001000',
    phone: '1134567890',
  },
};
export const TECH = {
  cnpj: '11444777000161',
  contact: 'Equipe Balcão',
  email: 'fiscal@balcao.dev',
  phone: '11999990000',
};
export const CSC = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
export const NCM = '61091000';

export interface EmissionStore extends TestStore {
  sefaz: ScriptedSefaz;
  a1: A1File;
  till: { id: string; series: number };
  customerId: string;
  product(options?: {
    ncm?: string | null;
    price?: number;
    name?: string;
    stock?: number;
  }): Promise<LineInput['product']>;
  /** An online sale at the till (cash unless `extra` says otherwise), under `key` (default: a fresh one). */
  sell(lines: LineInput[], extra?: Record<string, unknown>, key?: string): Promise<Res>;
  /** The store's notes, in number order. */
  notes(): Promise<FiscalNoteRow[]>;
  unissued(): Promise<{ saleId: string; reason: string }[]>;
}

const keyed = (token: string, key: string = randomUUID()) => ({ token, headers: { 'Idempotency-Key': key } });

/** Opens the store with emission on (homologação, SP), a till with `series`. */
export async function openEmissionStore(
  kind: TestDbKind,
  options: {
    sefaz?: ScriptedSefaz;
    /** Another port instead of the scripted one (the SOAP client pointed at the stand-in). */
    port?: SefazPort;
    timeoutSeconds?: number;
    series?: number;
    app?: TestAppOptions;
    /** The app's config (the operator's Responsável Técnico). */
    config?: Partial<AppConfig>;
    /** The store's own Responsável Técnico (null: it saves none). */
    tech?: typeof TECH | null;
  } = {},
): Promise<EmissionStore> {
  const sefaz = options.sefaz ?? scriptedSefaz();
  const store = await openTestStore(kind, options.config ?? {}, {
    ...options.app,
    sefaz: options.port ?? sefaz.port,
    random: seededRandom(33),
    emissionQueue: { start: false, backoff: () => 0, ...options.app?.emissionQueue },
  });
  const { http, admin, cashier, ctx, tenantId } = store;
  const a1 = makeA1({ cnpj: SAMPLE_CNPJ });
  const settings = await http.put(
    '/api/fiscal/settings',
    {
      emitter: EMITTER,
      ...(options.tech === null ? {} : { tech_responsible: options.tech ?? TECH }),
      csc_id: '1',
      csc: CSC,
      emission_timeout_seconds: options.timeoutSeconds ?? 15,
    },
    keyed(admin),
  );
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const up = await http.post('/api/fiscal/certificate', { pfx_base64: a1.pfx.toString('base64'), password: a1.password }, keyed(admin)); // prettier-ignore
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const device = await http.post('/api/devices', { id: randomUUID(), label: 'Linux · Chrome' }, keyed(cashier));
  expect(device.status, JSON.stringify(device.body)).toBe(200);
  const view = (await http.get('/api/fiscal/settings', { token: admin })).body.data;
  const series = options.series ?? 7;
  let other = 100;
  const tillSeries = view.tills.map((t: { id: string }) => ({
    device_id: t.id,
    series: t.id === device.body.data.id ? series : other++,
  }));
  const on = await http.put('/api/fiscal/settings', { till_series: tillSeries, emission_enabled: true }, keyed(admin));
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  const customer = await makeCustomer(ctx.db, tenantId, 'Cliente da Nota');
  const till = { id: device.body.data.id as string, series };
  return {
    ...store,
    sefaz,
    a1,
    till,
    customerId: customer.id,
    async product({ ncm = NCM, price = 3990, name, stock = 100 } = {}) {
      const made = await makeProduct(ctx.db, tenantId, { stock, price, name });
      await ctx.db
        .update(products)
        .set({ ncm })
        .where(and(eq(products.tenantId, tenantId), eq(products.id, made.id)));
      return made;
    },
    sell: (lines, extra = {}, key) =>
      http.post('/api/sales', saleBody(customer.id, lines, { device_id: till.id, ...extra }), keyed(cashier, key)),
    notes: () =>
      ctx.db.select().from(fiscalNotes).where(eq(fiscalNotes.tenantId, tenantId)).orderBy(asc(fiscalNotes.number)),
    unissued: () =>
      ctx.db
        .select({ saleId: fiscalUnissued.saleId, reason: fiscalUnissued.reason })
        .from(fiscalUnissued)
        .where(eq(fiscalUnissued.tenantId, tenantId)),
  };
}

/** Every note valid against nfe_v4.00.xsd (xmllint) and its signature verified by xmlsec1. */
export function expectOfficial(notes: readonly Pick<FiscalNoteRow, 'xml'>[], caPath: string): void {
  expect(notes.length).toBeGreaterThan(0);
  const paths = writeDocuments(
    notes.map((n) => `<?xml version="1.0" encoding="UTF-8"?>${n.xml}`),
    'emitida',
  );
  expect(schemaFailures(paths)).toEqual([]);
  for (const path of paths) {
    const verified = verifySignature(path, caPath);
    expect(verified.ok, verified.output).toBe(true);
  }
}

/** Waits until `check` holds (the sending under way after a time limit), up to `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('a condição não chegou a tempo');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
