// Generated notes for the property tests of the builder and the signers (fast-check): items
// with texts full of what C14N escapes (& < >) and what it keeps (" '), accents, typographic
// characters and emoji the builder cleans, weights, discounts on items and on the sale,
// every payment method with change, with and without a consumer, both environments, both
// QR versions, online and in offline contingency. Every note generated can be built.
import fc from 'fast-check';
import type { NfceItem, NfceNote, NfcePayment } from '../nfce-note';
import { NFCE_CSOSNS } from '../nfce-note';
import { nfceTotals } from '../nfce-totals';
import { NFCE_PAYMENT_CODES, type NfcePaymentMethod } from '../payment-codes';
import { SAMPLE_CSC, SAMPLE_ITEMS, sampleNote } from './sample-note';

/** Characters a person types or pastes, and what C14N escapes in text. */
const UNITS = [
  ...'abcdeXYZ0189 .,-/', '&', '<', '>', '"', "'", 'ç', 'ã', 'É', 'ü', 'º', '°', '½', 'ß',
  '\u201c', '\u201d', '\u2013', '\u2026', '\u00a0', '\t', '\n', '🎉', '中',
]; // prettier-ignore

/** A text that keeps at least its first letter once made fiscal text. */
export const anyText = (maxLength: number) =>
  fc
    .tuple(fc.constantFrom(...'ACMQZ'), fc.string({ unit: fc.constantFrom(...UNITS), maxLength }))
    .map(([first, rest]) => first + rest);

const barcodes = ['7891000100103', '7894900011517', '2000123000004', '036000291452', '7891000100104', null];

const itemArb: fc.Arbitrary<NfceItem> = fc
  .record({
    base: fc.constantFrom(...SAMPLE_ITEMS),
    code: anyText(20),
    description: anyText(60),
    barcode: fc.constantFrom(...barcodes),
    quantity: fc.integer({ min: 1, max: 50_000 }).map((q) => q / 1000),
    unit_price: fc.integer({ min: 1, max: 100_000 }),
    own: fc.double({ min: 0, max: 0.5, noNaN: true }),
    csosn: fc.constantFrom(...NFCE_CSOSNS),
    origin: fc.integer({ min: 0, max: 8 }),
    taxes: fc.option(fc.integer({ min: 0, max: 5_000 })),
  })
  .map(({ base, own, taxes, ...rest }) => {
    const gross = Math.round((rest.quantity * 10_000 * rest.unit_price) / 10_000);
    return { ...base, ...rest, discount: Math.floor(gross * own), approximate_taxes: taxes };
  });

const methods = Object.keys(NFCE_PAYMENT_CODES) as NfcePaymentMethod[];

export const noteArb: fc.Arbitrary<NfceNote> = fc
  .record({
    items: fc.array(itemArb, { minLength: 1, maxLength: 12 }),
    share: fc.double({ min: 0, max: 0.5, noNaN: true }),
    methods: fc.array(fc.constantFrom(...methods), { minLength: 1, maxLength: 4 }),
    extra: fc.integer({ min: 0, max: 5_000 }),
    environment: fc.constantFrom(1 as const, 2 as const),
    version: fc.constantFrom(2 as const, 3 as const),
    series: fc.integer({ min: 0, max: 999 }),
    number: fc.integer({ min: 1, max: 999_999_999 }),
    // 2020 to 2035, to the second.
    issued: fc.integer({ min: 1_577_836_800, max: 2_082_758_399 }),
    customer: fc.option(
      fc.record({
        document: fc.constantFrom('52998224725', '529.982.247-25', '11444777000161'),
        name: fc.option(anyText(40)),
      }),
    ),
    info: fc.option(anyText(200)),
    contingency: fc.option(
      fc.record({
        // Up to two days before the note.
        before: fc.integer({ min: 0, max: 2 * 86_400 }),
        reason: fc
          .tuple(fc.constantFrom('Sem conexão com a SEFAZ', 'SEFAZ indisponível (108)', 'Tempo esgotado'), anyText(300))
          .map(([head, tail]) => `${head} ${tail}`),
      }),
    ),
  })
  .map(({ items, share, methods, extra, version, issued, info, contingency, ...rest }) => {
    const base = nfceTotals(sampleNote({ items, discount: 0, payments: [{ method: 'cash', amount: 1 }] }));
    const discount = Math.floor((base.products - base.discount) * share);
    const total = Math.max(base.products - base.discount - discount, 0);
    // The total split over the methods (at least a centavo each); the last hands over `extra` more.
    const payments: NfcePayment[] = methods.map((method, i) => ({
      method,
      amount: Math.max(Math.floor(total / methods.length), 1) + (i === methods.length - 1 ? (total % methods.length) + extra : 0), // prettier-ignore
      description: method === 'other' ? 'Vale "cultura" & <cia>' : undefined,
    }));
    return sampleNote({
      ...rest,
      items,
      discount,
      payments,
      issued_at: new Date(issued * 1000).toISOString(),
      qr: version === 2 ? { version, csc_id: 1, csc: SAMPLE_CSC } : { version },
      additional_info: info,
      contingency: contingency && {
        started_at: new Date((issued - contingency.before) * 1000).toISOString(),
        reason: contingency.reason,
      },
    });
  })
  // A sale whose discounts leave nothing to pay has no note.
  .filter((note) => nfceTotals(note).total > 0);
