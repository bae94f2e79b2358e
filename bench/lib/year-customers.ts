// The customers a store with a year of sales has: 'First Surname Surname', a valid CPF,
// phone, e-mail for most, a city of the demo store's customers. Deterministic (seeded).
import { cpfCheckDigits } from '../../src/shared/documents';
import { DEMO_PLACES } from '../../src/server/demo/seed-data';
import { FIRST_NAMES, SURNAMES } from './year-names';
import { pick, seeded } from './stats';

export interface CustomersPlan {
  name: string[];
  email: (string | null)[];
  phone: (string | null)[];
  document: string[];
  address: string[];
  city: string[];
  state: string[];
  zip: string[];
}

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function planCustomers(count: number): CustomersPlan {
  const random = seeded(16);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const plan: CustomersPlan = {
    name: [],
    email: [],
    phone: [],
    document: [],
    address: [],
    city: [],
    state: [],
    zip: [],
  };
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST_NAMES, random);
    const middle = pick(SURNAMES, random);
    const last = pick(SURNAMES, random);
    const [city, state, zip, ddd] = pick(DEMO_PLACES, random);
    // The CPF base is the row number spread over 9 digits: unique, never all equal digits.
    const base = String(100_000_000 + ((i * 7_919_113) % 899_999_999)).slice(0, 9);
    plan.name.push(`${first} ${middle} ${last}`);
    plan.email.push(random() < 0.75 ? `${plain(first)}.${plain(last)}${i}@email.com.br` : null);
    plan.phone.push(random() < 0.9 ? `(${ddd}) 9${digits(4)}-${digits(4)}` : null);
    plan.document.push(base + cpfCheckDigits(base));
    plan.address.push(`Rua ${pick(SURNAMES, random)}, ${10 + Math.floor(random() * 1900)}`);
    plan.city.push(city);
    plan.state.push(state);
    plan.zip.push(zip);
  }
  return plan;
}
