// The store's fiscal setup (contract/fiscal-settings.ts), one row per store in
// fiscal_settings: reading it as an admin sees it (the CSC only as 'set', the certificate
// only as what may be shown), and saving a change. A change is refused when it would leave
// emission on with something missing, so 'emission on' always means 'ready to emit'.
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  CRT_NORMAL_REFUSED,
  FiscalSettingsSchema,
  PRODUCTION_NEEDS_CONFIRMATION,
  TP_AMB,
  type CertificateInfo,
  type FiscalSettings,
  type FiscalSettingsUpdate,
  type FiscalSettingsView,
  type FiscalTill,
  type TechResponsible,
} from '../../shared/contract';
import { certificateDaysLeft } from '../../shared/fiscal/a1-validity';
import { nfceAddresses, type QrVersion } from '../../shared/fiscal/sefaz';
import { stripDocument } from '../../shared/documents';
import { inTransaction, type DbOrTx } from '../db/client';
import { refusingDuplicates } from '../db/errors';
import { devices, fiscalSettings, tenants, type FiscalSettingsRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { SecretBox } from './secret-box';

export const TILL_NOT_FOUND = 'Caixa (dispositivo) não encontrado nesta loja.';
export const seriesTaken = (series: number, till: string) =>
  `A série ${series} já é do caixa '${till}'. Cada caixa tem a sua série: escolha outra.`;
export const seriesRepeated = (series: number) =>
  `A série ${series} foi dada a mais de um caixa. Cada caixa tem a sua.`;
export const EMISSION_NOT_READY = 'A emissão de NFC-e não pode ficar ligada: ';

/** What binds a sealed secret to its store and its purpose. */
export const sealContext = (tenantId: string, what: 'certificate' | 'csc') => `${tenantId}:${what}`;

/** A store that never saved its fiscal setup: every setting at its default, no secret. */
const emptyRow = (tenantId: string): FiscalSettingsRow => ({
  tenantId,
  settings: {},
  cscSealed: null,
  ...NO_CERTIFICATE,
  updatedAt: new Date(0),
});

/** The store's row as kept, or an empty one (nothing written). */
async function readRow(t: DbOrTx, tenantId: string): Promise<FiscalSettingsRow> {
  const [row] = await t.select().from(fiscalSettings).where(eq(fiscalSettings.tenantId, tenantId));
  return row ?? emptyRow(tenantId);
}

/** The store's row for a change: made (empty) when it has none yet, and locked. */
async function lockedRow(t: DbOrTx, tenantId: string): Promise<FiscalSettingsRow> {
  await t.insert(fiscalSettings).values({ tenantId }).onConflictDoNothing();
  const [row] = await t.select().from(fiscalSettings).where(eq(fiscalSettings.tenantId, tenantId)).for('update');
  if (!row) throw notFound();
  return row;
}

export function certificateInfoOf(row: FiscalSettingsRow, now = new Date()): CertificateInfo | null {
  if (!row.certificateSealed || !row.certificateNotAfter || !row.certificateNotBefore) return null;
  return {
    subject: row.certificateSubject ?? '',
    cnpj: row.certificateCnpj ?? '',
    serial: row.certificateSerial ?? '',
    not_before: row.certificateNotBefore.toISOString(),
    not_after: row.certificateNotAfter.toISOString(),
    days_left: certificateDaysLeft(row.certificateNotAfter, now),
  };
}

/** The QR version notes are made with: the store's, or the official list's for its state and environment. */
export function qrVersionInUse(settings: FiscalSettings): QrVersion | null {
  if (settings.qr_version) return settings.qr_version;
  const uf = settings.emitter?.address.uf;
  return uf ? nfceAddresses(uf, TP_AMB[settings.environment]).qr_version : null;
}

async function tillsOf(t: DbOrTx, tenantId: string): Promise<FiscalTill[]> {
  const rows = await t
    .select({ id: devices.id, code: devices.code, name: devices.name, nfce_series: devices.nfceSeries })
    .from(devices)
    .where(eq(devices.tenantId, tenantId))
    .orderBy(asc(devices.createdAt));
  return rows;
}

const tillLabel = (till: Pick<FiscalTill, 'name' | 'code'>) => till.name ?? `Caixa ${till.code}`;

/**
 * The settings a store emits with: its own, with the operator's Responsável Técnico
 * (FISCAL_TECH_*) while the store has saved none of its own.
 */
export function effectiveSettings(settings: FiscalSettings, operatorTech: TechResponsible | null): FiscalSettings {
  return settings.tech_responsible || !operatorTech ? settings : { ...settings, tech_responsible: operatorTech };
}

const sameTech = (a: TechResponsible, b: TechResponsible) =>
  a.cnpj === b.cnpj && a.contact === b.contact && a.email === b.email && a.phone === b.phone;

/** Everything that keeps the store from emitting, in pt-BR; empty when it can. */
export function emissionProblems(
  settings: FiscalSettings,
  extra: { cscSet: boolean; certificate: CertificateInfo | null; tills: FiscalTill[]; unreadable?: boolean },
): string[] {
  const p: string[] = [];
  if (!settings.emitter) p.push('Preencha os dados do emitente.');
  if (!settings.tech_responsible) p.push('Preencha o Responsável Técnico.');
  const { certificate } = extra;
  if (!certificate) p.push('Envie o certificado digital A1 da loja.');
  else if (extra.unreadable) p.push(SECRETS_UNREADABLE);
  else if (certificate.days_left < 0) p.push('O certificado A1 venceu: envie o novo.');
  else if (settings.emitter && certificate.cnpj.slice(0, 8) !== settings.emitter.cnpj.slice(0, 8))
    p.push('O certificado A1 é de outro CNPJ: envie o do CNPJ do emitente.');
  if (qrVersionInUse(settings) === 2 && (!settings.csc_id || !extra.cscSet))
    p.push('O QR Code v2 precisa do idCSC e do CSC que a SEFAZ deu à loja.');
  if (extra.tills.length === 0) p.push('Nenhum caixa usou o Balcão ainda: abra o caixa e defina a sua série.');
  const without = extra.tills.filter((till) => till.nfce_series === null);
  if (without.length) p.push(`Defina a série de NFC-e de: ${without.map(tillLabel).join(', ')}.`);
  return p;
}

export const SECRETS_UNREADABLE =
  'O certificado A1 ou o CSC guardados não abrem com o segredo fiscal deste servidor (FISCAL_SECRET): envie o certificado e digite o CSC de novo.';

/** Whether what is sealed opens under this server's secret (not after a restore without DATA_DIR/fiscal-secret). */
function opens(box: SecretBox, row: FiscalSettingsRow): boolean {
  try {
    if (row.certificateSealed) box.open(row.certificateSealed, sealContext(row.tenantId, 'certificate'));
    if (row.cscSealed) box.open(row.cscSealed, sealContext(row.tenantId, 'csc'));
    return true;
  } catch {
    return false;
  }
}

function viewOf(
  box: SecretBox,
  row: FiscalSettingsRow,
  tills: FiscalTill[],
  operatorTech: TechResponsible | null,
  now = new Date(),
): FiscalSettingsView {
  const own = FiscalSettingsSchema.parse(row.settings);
  const settings = effectiveSettings(own, operatorTech);
  const certificate = certificateInfoOf(row, now);
  const cscSet = row.cscSealed !== null;
  const unreadable = !opens(box, row);
  return {
    ...settings,
    tech_responsible_from_operator: own.tech_responsible === null && settings.tech_responsible !== null,
    csc_set: cscSet,
    qr_version_in_use: qrVersionInUse(settings),
    tills,
    certificate,
    emission_problems: emissionProblems(settings, { cscSet, certificate, tills, unreadable }),
  };
}

/**
 * GET /api/fiscal/settings: the setup as an admin sees it, the operator's Responsável
 * Técnico (`operatorTech`) in place of the store's while it has none.
 */
export async function getFiscalSettings(
  db: DbOrTx,
  box: SecretBox,
  tenantId: string,
  tx?: DbOrTx,
  operatorTech: TechResponsible | null = null,
): Promise<FiscalSettingsView> {
  return inTransaction(db, tx, async (t) =>
    viewOf(box, await readRow(t, tenantId), await tillsOf(t, tenantId), operatorTech),
  );
}

/** The store's fiscal settings (the secrets apart), for whoever emits. */
export async function readFiscalSettings(db: DbOrTx, tenantId: string): Promise<FiscalSettings> {
  const [row] = await db
    .select({ settings: fiscalSettings.settings })
    .from(fiscalSettings)
    .where(eq(fiscalSettings.tenantId, tenantId));
  return FiscalSettingsSchema.parse(row?.settings ?? {});
}

/** Sets the series of the tills named; one already another till's is a 409 naming it. */
async function setTillSeries(
  t: DbOrTx,
  tenantId: string,
  wanted: NonNullable<FiscalSettingsUpdate['till_series']>,
): Promise<void> {
  if (!wanted.length) return;
  const seen = new Set<number>();
  for (const { series } of wanted) {
    if (series === null) continue;
    if (seen.has(series)) throw badRequest(seriesRepeated(series));
    seen.add(series);
  }
  const ids = [...new Set(wanted.map((w) => w.device_id))];
  const own = await t
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, ids)))
    .for('update');
  if (own.length !== ids.length) throw notFound(TILL_NOT_FOUND);
  const [holder] = seen.size
    ? await t
        .select({ code: devices.code, name: devices.name, series: devices.nfceSeries })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), notInArray(devices.id, ids), inArray(devices.nfceSeries, [...seen])))
        .limit(1)
    : [];
  if (holder) throw conflict(seriesTaken(holder.series!, tillLabel(holder)));
  // Cleared first, so two tills may swap their series in one change.
  await t
    .update(devices)
    .set({ nfceSeries: null })
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, ids)));
  for (const { device_id, series } of wanted) {
    if (series === null) continue;
    await t
      .update(devices)
      .set({ nfceSeries: series })
      .where(and(eq(devices.tenantId, tenantId), eq(devices.id, device_id)));
  }
}

/**
 * PUT /api/fiscal/settings: saves what is sent. Going to produção needs confirm_production;
 * a CNPJ of another root drops the certificate (it is another company's); the CSC is
 * sealed; the till series are set. Emission on with something missing is refused, listing
 * what. A Responsável Técnico sent equal to the operator's is kept as 'the operator's' (the
 * store follows it), so saving the prefilled form does not copy it into the store.
 */
export async function updateFiscalSettings(
  db: DbOrTx,
  box: SecretBox,
  tenantId: string,
  input: FiscalSettingsUpdate,
  tx?: DbOrTx,
  operatorTech: TechResponsible | null = null,
): Promise<FiscalSettingsView> {
  const { csc, confirm_production, till_series, ...sent } = input;
  const followsOperator = sent.tech_responsible && operatorTech && sameTech(sent.tech_responsible, operatorTech);
  const fields = followsOperator ? { ...sent, tech_responsible: null } : sent;
  // The schema refuses it too; a caller of the service gets the same sentence.
  if ((fields.crt as number | undefined) === 3) throw badRequest(CRT_NORMAL_REFUSED);
  const seriesTakenRefusal = () => conflict('Essa série já é de outro caixa. Cada caixa tem a sua: escolha outra.');
  return refusingDuplicates({ devices_nfce_series_key: seriesTakenRefusal }, () =>
    inTransaction(db, tx, async (t) => {
      const before = await lockedRow(t, tenantId);
      const was = FiscalSettingsSchema.parse(before.settings);
      if (fields.environment === 'producao' && was.environment !== 'producao' && confirm_production !== true)
        throw badRequest(PRODUCTION_NEEDS_CONFIRMATION);
      const now = FiscalSettingsSchema.parse({ ...was, ...fields });
      const changes: Partial<typeof fiscalSettings.$inferInsert> = { settings: now, updatedAt: new Date() };
      if (csc !== undefined) changes.cscSealed = csc === null ? null : box.seal(csc, sealContext(tenantId, 'csc'));
      const rootChanged =
        was.emitter && now.emitter && stripDocument(was.emitter.cnpj).slice(0, 8) !== now.emitter.cnpj.slice(0, 8);
      if (rootChanged && before.certificateSealed) Object.assign(changes, NO_CERTIFICATE);
      const [row] = await t
        .update(fiscalSettings)
        .set(changes)
        .where(eq(fiscalSettings.tenantId, tenantId))
        .returning();
      if (till_series) await setTillSeries(t, tenantId, till_series);
      const view = viewOf(box, row!, await tillsOf(t, tenantId), operatorTech);
      if (view.emission_enabled && view.emission_problems.length)
        throw badRequest(EMISSION_NOT_READY + view.emission_problems.join(' '), { problems: view.emission_problems });
      return view;
    }),
  );
}

/** The certificate's columns of a store without one. */
export const NO_CERTIFICATE = {
  certificateSealed: null,
  certificateSubject: null,
  certificateCnpj: null,
  certificateSerial: null,
  certificateNotBefore: null,
  certificateNotAfter: null,
} satisfies Partial<typeof fiscalSettings.$inferInsert>;

/** The CNPJ a certificate must match: the emitter's, or the company's while the emitter is not filled in. */
export async function storeCnpjOf(t: DbOrTx, tenantId: string): Promise<string | null> {
  const settings = await readFiscalSettings(t, tenantId);
  if (settings.emitter) return settings.emitter.cnpj;
  const [tenant] = await t.select({ cnpj: tenants.cnpj }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.cnpj ?? null;
}
