// A contingency NFC-e as a till sends it (POST /api/fiscal/contingency-notes), for tests that
// need one accepted without the emission store (the idempotency cases): a till of the store
// with its own series, the store's A1 key registered on it through the API, a sale made on
// it, and the note built by the real builder and signed with the key in WebCrypto.
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { signNfce } from '../../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../../shared/fiscal/nfce-xml';
import { sampleNote } from '../../../shared/fiscal/test/sample-note';
import { createXmlSigner, FISCAL_KEY_ALGORITHM } from '../../../shared/fiscal/xml-dsig';
import { seededRandom } from '../../../shared/seeded-random';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { api, TEST_FISCAL_SECRET } from '../../test/helpers';
import { makeCustomer, makeProduct, saleBody } from '../../test/sales-fixtures';
import { storeSigningMaterial } from '../certificate-store';
import { createSecretBox } from '../secret-box';
import { setUpEmitter } from './note-fixtures';
import { tillKeyBody } from './till-key-fixtures';

type Http = ReturnType<typeof api>;

const keyed = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });

async function made(res: Promise<{ status: number; body: { data: { id: string } } }>) {
  const r = await res;
  if (r.status >= 300) throw new Error(`fixture: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A till of series `series` holding the store's key (emitter and A1 set up now); makes its notes. */
export async function contingencyTill(db: Db, http: Http, admin: string, tenantId: string, series: number) {
  await setUpEmitter(http, admin);
  const material = (await storeSigningMaterial(db, createSecretBox(TEST_FISCAL_SECRET), tenantId))!;
  const device = await made(http.post('/api/devices', { id: randomUUID(), label: `Caixa ${series}` }, keyed(admin)));
  await db
    .update(devices)
    .set({ nfceSeries: series })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, device.id)));
  await made(http.post('/api/fiscal/till-keys', tillKeyBody(material, device.id), keyed(admin)));
  const pkcs8 = createPrivateKey(material.keyPem).export({ type: 'pkcs8', format: 'der' });
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, FISCAL_KEY_ALGORITHM, false, ['sign']);
  const signer = createXmlSigner({ key, certificate_der: new X509Certificate(material.certPem).raw });
  const product = await makeProduct(db, tenantId, { stock: 1000 });
  const customer = await makeCustomer(db, tenantId);
  return {
    deviceId: device.id,
    /** A sale on this till and its note `number`, issued a minute ago: the request's body. */
    async note(number: number) {
      const sale = await made(
        http.post('/api/sales', saleBody(customer.id, [{ product, quantity: 1 }], { device_id: device.id }), keyed(admin)), // prettier-ignore
      );
      const issued = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
      const contingency = { started_at: new Date(issued.getTime() - 60_000).toISOString(), reason: 'Sem conexão com a internet' }; // prettier-ignore
      const built = buildNfce(
        sampleNote({ series, number, issued_at: issued.toISOString(), qr: { version: 3 }, contingency }),
        seededRandom(number),
      );
      const { xml } = await signNfce(built, signer);
      return {
        sale_id: sale.id,
        device_id: device.id,
        series,
        number,
        access_key: built.key,
        issued_at: issued.toISOString(),
        xml,
        certificate_der: signer.certificateBase64,
      };
    },
  };
}
