// Sale numbers as a till makes them ('A-0042', shared/sale-number.ts): a device code the
// store hands out once (POST /api/devices), then the device's own sequence. The benches
// send sales numbered so, as the app's tills do, and a variant without a number (an older
// client), which takes the store's own sequence on the server.
import { randomUUID } from 'node:crypto';
import { formatSaleNumber } from '../../src/shared/sale-number';
import { api } from '../../tests/e2e/support/api';
import type { RunningServer } from '../../tests/e2e/support/server';

/** Whether the bench's sales carry a till's number or none. */
export type Numbering = 'numbered' | 'numberless';
export const NUMBERINGS: readonly Numbering[] = ['numbered', 'numberless'];
export const numberingLabel = (n: Numbering) => (n === 'numbered' ? 'com número do caixa' : 'sem número');

/** A registered device of the store: the numbers of its sales, in order. */
export async function tillNumbers(server: RunningServer, token: string, subdomain = 'demo'): Promise<() => string> {
  const res = await api<{ data?: { code: string } }>(server, 'POST', '/api/devices', {
    token,
    subdomain,
    body: { id: randomUUID(), label: 'bench' },
  });
  const code = res.body.data?.code;
  if (!code) throw new Error(`POST /api/devices em ${subdomain}: ${res.status}`);
  return deviceSequence(code);
}

/** `code`'s numbers from 1 on. */
export function deviceSequence(code: string): () => string {
  let seq = 0;
  return () => formatSaleNumber(code, ++seq);
}
