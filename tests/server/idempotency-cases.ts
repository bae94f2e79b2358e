// The cases of idempotency-every-route.test.ts: for each mutating route, a request that
// succeeds and another request for the same key (another body, or another id where the
// route takes no body), with the fixtures they need made without a key.
import { counterCases } from './idempotency-counter-cases';
import { caseKit, type CaseEnv, type RouteCases } from './idempotency-fixtures';
import { officeCases } from './idempotency-office-cases';
import { fiscalCases } from './idempotency-fiscal-cases';
import { fiscalNoteCases } from './idempotency-fiscal-notes-cases';

/** A case per route ('METHOD /url' as Fastify registered it). */
export function routeCases(env: CaseEnv): RouteCases {
  const kit = caseKit(env);
  return { ...counterCases(kit), ...officeCases(kit), ...fiscalCases(kit), ...fiscalNoteCases(kit) };
}
