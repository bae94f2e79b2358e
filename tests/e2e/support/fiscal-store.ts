// The demo store made an NFC-e emitter through the API, as an admin does in Configurações >
// Fiscal: the emitter, then the test A1, the Responsável Técnico, a series for each till the
// store knows and emission on. Used by the Chromium tests (danfe, nfce-online) and the
// benchmark of a sale with emission (bench/nfce-sale.ts); each call throws, with the
// server's answer, unless it succeeds.
import { randomUUID } from 'node:crypto';
import type { A1File } from '../../../src/server/fiscal/test/a1-files';
import { SAMPLE_CNPJ, SAMPLE_CSC } from '../../../src/shared/fiscal/test/sample-note';
import { api } from './api';
import type { RunningServer } from './server';

/** The demo store as emitter (its CNPJ is the test A1's). */
export const EMITTER = {
  cnpj: SAMPLE_CNPJ,
  legal_name: 'Loja Demo Comércio Ltda',
  trade_name: 'Loja Demo',
  ie: '110042490114',
  address: {
    street: 'Rua Augusta',
    number: '1500',
    complement: null,
    district: 'Consolação',
    city_code: '3550308',
    city_name: 'São Paulo',
    uf: 'SP' as const,
    cep: '01304001',
    phone: null,
  },
};

export const TECH_RESPONSIBLE = {
  cnpj: '44555666000181',
  contact: 'Equipe Balcão',
  email: 'f@balcao.dev',
  phone: '11999990000',
};

/** The CSC the stand-in SEFAZ knows as idCSC 1 (stand-in-sefaz-cli --csc 1=..., sefaz-rig.ts). */
export const STORE_CSC = { csc_id: '000001', csc: SAMPLE_CSC };

/** An admin's call that must answer 200; throws with the answer otherwise. */
async function adminCall(server: RunningServer, token: string, method: 'PUT' | 'POST', path: string, body: unknown) {
  const res = await api(server, method, path, { token, headers: { 'idempotency-key': randomUUID() }, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** PUT /api/fiscal/settings with `settings` (any part of Configurações > Fiscal). */
export async function saveFiscalSettings(server: RunningServer, token: string, settings: Record<string, unknown>) {
  await adminCall(server, token, 'PUT', '/api/fiscal/settings', settings);
}

/**
 * The store made ready to emit: `a1` uploaded, then one save of `settings` (the emitter,
 * the CSC... when given), the Responsável Técnico, series 1, 2... for the tills the store
 * knows (at least one: a till registers its device when it first opens) and emission on.
 * Returns each till's series.
 */
export async function turnEmissionOn(
  server: RunningServer,
  token: string,
  a1: A1File,
  settings: Record<string, unknown> = {},
): Promise<{ device_id: string; series: number }[]> {
  await adminCall(server, token, 'POST', '/api/fiscal/certificate', {
    pfx_base64: a1.pfx.toString('base64'),
    password: a1.password,
  });
  const tills = await api<{ data: { devices: { id: string }[] } }>(server, 'GET', '/api/devices', { token });
  if (tills.status !== 200 || tills.body.data.devices.length === 0)
    throw new Error(
      `GET /api/devices: nenhum caixa para dar série (HTTP ${tills.status} ${JSON.stringify(tills.body)})`,
    );
  const series = tills.body.data.devices.map((d, i) => ({ device_id: d.id, series: i + 1 }));
  await saveFiscalSettings(server, token, {
    ...settings,
    tech_responsible: TECH_RESPONSIBLE,
    till_series: series,
    emission_enabled: true,
  });
  return series;
}
