// When an A1 may sign for a store: in force at the moment, and of the store's CNPJ root (a
// branch's certificate serves the company). The server's A1 and a till's key share the rule.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { A1_MESSAGES, a1Problem, cnpjProblem, cnpjRoot, validityProblem } from './a1-rules';
import { certificateInForce } from './a1-validity';

const facts = {
  cnpj: '11222333000181',
  notBefore: new Date('2026-01-10T15:00:00Z'),
  notAfter: new Date('2027-01-10T02:30:00Z'),
};
const inside = new Date('2026-06-01T12:00:00Z');

describe('a1Problem', () => {
  it("accepts the store's certificate in force, and a branch's (same root)", () => {
    expect(a1Problem(facts, '11.222.333/0001-81', inside)).toBeNull();
    expect(a1Problem(facts, '11222333000262', inside)).toBeNull();
  });

  it('refuses an expired or not yet valid one with the date in Brasília', () => {
    // 02:30 UTC on the 10th is still the 9th in Brasília.
    expect(a1Problem(facts, facts.cnpj, new Date('2027-01-10T02:31:00Z'))).toBe(A1_MESSAGES.expired('09/01/2027'));
    expect(a1Problem(facts, facts.cnpj, new Date('2026-01-10T14:59:00Z'))).toBe(A1_MESSAGES.notYetValid('10/01/2026'));
  });

  it("refuses another company's and one without a CNPJ", () => {
    expect(a1Problem(facts, '44555666000181', inside)).toBe(A1_MESSAGES.otherCnpj('11222333000181', '44555666'));
    expect(a1Problem({ ...facts, cnpj: null }, facts.cnpj, inside)).toBe(A1_MESSAGES.noCnpj);
  });

  it('is the validity rule, then the CNPJ rule, for any moment and any pair of CNPJs', () => {
    const cnpj = fc.stringMatching(/^[0-9A-Z]{12}[0-9]{2}$/);
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), cnpj, cnpj, (now, mine, store) => {
        const problem = a1Problem({ ...facts, cnpj: mine }, store, now);
        const inForce = now >= facts.notBefore && now <= facts.notAfter;
        expect(certificateInForce(facts, now)).toBe(inForce);
        if (!inForce) expect(problem).toBe(validityProblem(facts, now));
        else expect(problem === null).toBe(cnpjRoot(mine) === cnpjRoot(store));
        expect(cnpjProblem({ cnpj: mine }, store) === null).toBe(mine.slice(0, 8) === store.slice(0, 8));
      }),
    );
  });
});
