// What a store emits with: its fiscal settings, the A1 opened (the signer, and the key and
// certificate for TLS) and the CSC, decrypted once and kept per store. The cache is keyed
// by the settings row's updated_at, which every change of the settings, the CSC or the
// certificate moves (fiscal-settings.ts, certificate-store.ts): a sale reads that instant
// in its first statement, and a changed instant loads the store again, in this process or
// in another one on the same database.
import { eq } from 'drizzle-orm';
import { FiscalSettingsSchema, type FiscalSettings, type TechResponsible } from '../../shared/contract';
import type { DbOrTx } from '../db/client';
import { fiscalSettings } from '../db/schema';
import { storeCsc, storeSigningMaterial } from './certificate-store';
import { SECRETS_UNREADABLE, effectiveSettings, qrVersionInUse } from './fiscal-settings';
import type { SecretBox } from './secret-box';
import { createPemSigner, type XmlSigner } from './xml-signature';
import type { QrVersion } from '../../shared/fiscal/sefaz';

export interface EmitterContext {
  tenantId: string;
  /** The settings row's updated_at (ms): what the cache is keyed by. */
  version: number;
  /** The store's, with the operator's Responsável Técnico while it has none of its own. */
  settings: FiscalSettings;
  qrVersion: QrVersion | null;
  /** null: the store has no usable certificate (see problem). */
  signer: XmlSigner | null;
  keyPem: string | null;
  certPem: string | null;
  certificateNotAfter: Date | null;
  csc: string | null;
  /** Why the store cannot sign now, in pt-BR (null: it can). */
  problem: string | null;
}

export interface EmitterCache {
  /** The store's context for `version` (the row's updated_at, ms): cached, or loaded now. */
  get(t: DbOrTx, tenantId: string, version?: number): Promise<EmitterContext>;
  clear(): void;
}

async function load(
  t: DbOrTx,
  box: SecretBox,
  operatorTech: TechResponsible | null,
  tenantId: string,
): Promise<EmitterContext> {
  const [row] = await t
    .select({
      settings: fiscalSettings.settings,
      updatedAt: fiscalSettings.updatedAt,
      notAfter: fiscalSettings.certificateNotAfter,
    })
    .from(fiscalSettings)
    .where(eq(fiscalSettings.tenantId, tenantId));
  const settings = effectiveSettings(FiscalSettingsSchema.parse(row?.settings ?? {}), operatorTech);
  const base = {
    tenantId,
    version: row?.updatedAt.getTime() ?? 0,
    settings,
    qrVersion: qrVersionInUse(settings),
    certificateNotAfter: row?.notAfter ?? null,
  };
  const none = { signer: null, keyPem: null, certPem: null, csc: null };
  let material: Awaited<ReturnType<typeof storeSigningMaterial>>;
  let csc: string | null;
  try {
    material = await storeSigningMaterial(t, box, tenantId);
    csc = await storeCsc(t, box, tenantId);
  } catch {
    return { ...base, ...none, problem: SECRETS_UNREADABLE };
  }
  if (!material) return { ...base, ...none, problem: 'A loja não tem certificado digital A1.' };
  let signer: XmlSigner;
  try {
    signer = createPemSigner({ keyPem: material.keyPem, certPem: material.certPem });
  } catch {
    return { ...base, ...none, problem: 'O certificado A1 guardado não serve para assinar: envie-o de novo.' };
  }
  return {
    ...base,
    signer,
    keyPem: material.keyPem,
    certPem: material.certPem,
    csc,
    problem: null,
  };
}

/**
 * A per-store cache of emitter contexts (one per app, over its SecretBox and the operator's
 * Responsável Técnico, FISCAL_TECH_*).
 */
export function createEmitterCache(box: SecretBox, operatorTech: TechResponsible | null = null): EmitterCache {
  const cache = new Map<string, EmitterContext>();
  return {
    async get(t, tenantId, version) {
      const cached = cache.get(tenantId);
      if (cached && version !== undefined && cached.version === version) return cached;
      if (version === undefined) {
        const [row] = await t
          .select({ updatedAt: fiscalSettings.updatedAt })
          .from(fiscalSettings)
          .where(eq(fiscalSettings.tenantId, tenantId));
        if (cached && cached.version === (row?.updatedAt.getTime() ?? 0)) return cached;
      }
      const loaded = await load(t, box, operatorTech, tenantId);
      cache.set(tenantId, loaded);
      return loaded;
    },
    clear: () => cache.clear(),
  };
}

/** Why the store cannot emit a note right now (null: it can), in pt-BR. */
export function emitterProblem(context: EmitterContext, now: Date): string | null {
  const { settings } = context;
  if (!settings.emitter) return 'Os dados do emitente não estão preenchidos em Configurações > Fiscal.';
  if (!settings.tech_responsible) return 'O Responsável Técnico não está preenchido em Configurações > Fiscal.';
  if (context.problem) return context.problem;
  if (context.certificateNotAfter && context.certificateNotAfter < now)
    return 'O certificado A1 venceu: envie o novo em Configurações > Fiscal.';
  if (!context.qrVersion) return 'A versão do QR Code não pôde ser definida para a UF da loja.';
  if (context.qrVersion === 2 && (!settings.csc_id || !context.csc))
    return 'O QR Code v2 precisa do idCSC e do CSC: preencha em Configurações > Fiscal.';
  return null;
}
