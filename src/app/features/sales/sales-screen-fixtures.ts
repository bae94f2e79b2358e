// Nova Venda's tests over the real app (sales-screen*.test.tsx): the network faked at fetch
// only, with a catalogue of two products and two customers, fresh for each test.
import { beforeEach } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { createFakeSync, customerJson, type FakeSync } from '../../test/fake-sync';
import { CASHIER, productJson, signedInAs } from '../../test/fixtures';

export const camisa = productJson({ name: 'Camisa Polo', sku: 'CAM-001', current_stock: 5, sale_price: 49.9 });
export const calca = productJson({ name: 'Calça Jeans', sku: 'CAL-002', current_stock: 10, sale_price: 100 });
export const maria = customerJson(1, { name: 'Maria Silva', document: '52998224725', phone: '(11) 98888-7777' });

/** Registers a fresh fake server before each test, a cashier signed in; read `fake` inside the tests. */
export function fakeNetwork(): { server: FakeServer; sync: FakeSync } {
  const fake = {} as { server: FakeServer; sync: FakeSync };
  beforeEach(() => {
    fake.server = createFakeServer();
    fake.sync = createFakeSync(fake.server);
    fake.sync.putProduct(camisa);
    fake.sync.putProduct(calca);
    fake.sync.putCustomer(maria);
    fake.sync.putCustomer(customerJson(2, { name: 'João Souza' }));
    signedInAs(fake.server, CASHIER);
  });
  return fake;
}
