// What an admin's action on a note needs to speak to SEFAZ: the port the app was given,
// the store's emitter (CNPJ and UF), its A1 opened as PEM for the signer and for TLS, and
// the target (UF, environment, and the store's time limit: sefazTimeoutMs). Each missing part is a 409 in pt-BR saying
// where to fix it.
import type { FiscalEnvironment } from '../../../shared/contract/fiscal-notes';
import { TP_AMB, type FiscalSettings } from '../../../shared/contract/fiscal-settings';
import type { Uf } from '../../../shared/fiscal/uf';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../errors';
import { storeSigningMaterial } from '../certificate-store';
import { readFiscalSettings } from '../fiscal-settings';
import { SefazUnreachable, sefazTimeoutMs, type SefazPort, type SefazTarget } from '../sefaz-port';
import { createPemSigner, type XmlSigner } from '../xml-signature';

export const NO_TRANSMISSION = 'A transmissão à SEFAZ não está configurada neste servidor. Fale com o suporte.';
export const NO_EMITTER = 'Preencha os dados do emitente em Configurações > Fiscal.';
export const NO_CERTIFICATE_TO_SIGN = 'Envie o certificado digital A1 da loja em Configurações > Fiscal.';
export const sefazSilent = (what: string) =>
  `A SEFAZ não respondeu ${what}. Nada mudou por aqui: tente de novo em instantes.`;

export interface SefazSession {
  port: SefazPort;
  settings: FiscalSettings;
  cnpj: string;
  uf: Uf;
  signer: XmlSigner;
  target: SefazTarget;
}

/** Everything to sign and send a document of the store in `environment`. */
export async function sefazSession(
  ctx: AppContext,
  t: DbOrTx,
  tenantId: string,
  environment: FiscalEnvironment,
): Promise<SefazSession> {
  const port = ctx.sefaz;
  if (!port) throw conflict(NO_TRANSMISSION);
  const settings = await readFiscalSettings(t, tenantId);
  if (!settings.emitter) throw conflict(NO_EMITTER);
  const material = await storeSigningMaterial(t, ctx.fiscalBox, tenantId).catch(() => null);
  if (!material) throw conflict(NO_CERTIFICATE_TO_SIGN);
  const uf = settings.emitter.address.uf;
  return {
    port,
    settings,
    cnpj: settings.emitter.cnpj,
    uf,
    signer: createPemSigner(material),
    target: {
      uf,
      environment: TP_AMB[environment],
      keyPem: material.keyPem,
      certPem: material.certPem,
      chainPem: material.chainPem.join(''),
      timeoutMs: sefazTimeoutMs(settings),
    },
  };
}

/** Runs a call to SEFAZ; no answer becomes a 409 saying nothing changed. */
export async function askSefaz<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SefazUnreachable) throw conflict(sefazSilent(what));
    throw error;
  }
}
