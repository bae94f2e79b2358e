// Whether an A1 certificate is in force and how many days it has left: what the till shows
// of its contingency key and checks before offering it, without the refusals' sentences
// (a1-rules.ts), so the till's first paint carries only this.

/** What the rules read of a certificate. */
export interface CertificateFacts {
  /** 14 characters, bare; null: the certificate carries none. */
  cnpj: string | null;
  notBefore: Date;
  notAfter: Date;
}

/** Days before an A1 expires from which the dashboard and the tills warn. */
export const CERTIFICATE_WARNING_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whole days from `now` until the certificate expires (negative once it has). */
export const certificateDaysLeft = (notAfter: Date, now: Date): number =>
  Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS);

/** Whether a certificate is in force at `now` (its CNPJ aside). */
export const certificateInForce = (facts: Pick<CertificateFacts, 'notBefore' | 'notAfter'>, now: Date): boolean =>
  now.getTime() >= facts.notBefore.getTime() && now.getTime() <= facts.notAfter.getTime();
