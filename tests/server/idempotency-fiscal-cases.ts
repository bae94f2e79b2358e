// The idempotency cases of Configurações > Fiscal: the settings, and the A1 upload (a test
// certificate of the emitter's CNPJ, made with openssl; the store's emitter set first, without
// a key); another file under the same key is the other request. The IBPT table: a file,
// and another version of it as the other request (a bad file is refused before the key).
// A till's contingency key: the demo store's A1 registered on a new till, and on another
// till as the other request; removing one key, and another one.
import { randomUUID } from 'node:crypto';
import { makeA1, type A1File } from '../../src/server/fiscal/test/a1-files';
import { tillKeyBody } from '../../src/server/fiscal/test/till-key-fixtures';
import { ibptTable, latin1 } from '../../src/shared/fiscal/test/ibpt-sample';
import { SAMPLE_CNPJ } from '../../src/shared/fiscal/test/sample-note';
import type { CaseKit, RouteCases } from './idempotency-fixtures';

const EMITTER = {
  cnpj: SAMPLE_CNPJ,
  legal_name: 'Loja Demo Ltda',
  trade_name: 'Loja Demo',
  ie: '123456789110',
  address: {
    street: 'Rua das Flores',
    number: '100',
    district: 'Centro',
    city_code: '3550308',
    city_name: 'São Paulo',
    uf: 'SP',
    cep: '01001000',
  },
};

export function fiscalCases({ http, admin, ok, onTwo }: CaseKit): RouteCases {
  let tillA1: A1File | undefined;
  const tillKeyOnNewTill = async () => {
    tillA1 ??= makeA1({ cnpj: SAMPLE_CNPJ, legacy: true });
    const device = await ok(http.post('/api/devices', { id: randomUUID(), label: 'Idempotência' }, { token: admin }));
    return tillKeyBody(tillA1, device.id as string);
  };
  return {
    'POST /api/fiscal/till-keys': async () => ({
      call: { url: '/api/fiscal/till-keys', body: await tillKeyOnNewTill() },
      other: { url: '/api/fiscal/till-keys', body: await tillKeyOnNewTill() },
    }),
    'POST /api/fiscal/till-keys/:id/revoke': () =>
      onTwo(
        async () => ok(http.post('/api/fiscal/till-keys', await tillKeyOnNewTill(), { token: admin })),
        (id) => `/api/fiscal/till-keys/${id}/revoke`,
      ),
    'PUT /api/fiscal/settings': async () => ({
      call: { url: '/api/fiscal/settings', body: { csc_id: '000001' } },
      other: { url: '/api/fiscal/settings', body: { csc_id: '000002' } },
    }),
    'POST /api/fiscal/certificate': async () => {
      await ok(http.put('/api/fiscal/settings', { emitter: EMITTER }, { token: admin }));
      // Another file that opens (a .pfx with a wrong password is refused before the key is
      // looked up, and that refusal is not stored: record-routes.ts `prepare`).
      const [a1, another] = [makeA1({ cnpj: SAMPLE_CNPJ }), makeA1({ cnpj: SAMPLE_CNPJ, legacy: true })];
      const body = (file: typeof a1) => ({ pfx_base64: file.pfx.toString('base64'), password: file.password });
      return {
        call: { url: '/api/fiscal/certificate', body: body(a1) },
        other: { url: '/api/fiscal/certificate', body: body(another) },
      };
    },
    'POST /api/fiscal/ibpt': async () => {
      const file = (extra: number) => ({
        file_base64: Buffer.from(latin1(ibptTable(extra))).toString('base64'),
        file_name: 'TabelaIBPTaxSP26.1.A.csv',
      });
      return { call: { url: '/api/fiscal/ibpt', body: file(3) }, other: { url: '/api/fiscal/ibpt', body: file(4) } };
    },
  };
}
