// What the idempotency cases are (idempotency-every-route.test.ts) and the kit each group
// of them is made with: the app under test, a counter for unique names, and `ok`, which
// makes a fixture without a key and fails loudly if the app refuses it.
import type { Db } from '../../src/server/db/client';
import type { api, Res } from '../../src/server/test/helpers';

/** One request of a case: where it goes and what it carries. */
export interface Call {
  url: string;
  body?: unknown;
}

/** What a call answered, as the client reads it. */
export interface Answer {
  status: number;
  body: unknown;
  /** Idempotent-Replayed: true; null where the answer does not say (a sale inside a batch). */
  replayed: boolean | null;
}

export interface Case {
  call: Call;
  /** The same route under the same key with another request. */
  other: Call;
  /** How the key travels and where the answer is; default: the Idempotency-Key header, the whole response. */
  send?: (method: string, call: Call, key: string) => Promise<Answer>;
}

export interface CaseEnv {
  db: Db;
  http: ReturnType<typeof api>;
  admin: string;
  tenantId: string;
}

/** A case per route ('METHOD /url' as Fastify registered it). */
export type RouteCases = Record<string, () => Promise<Case>>;

export function caseKit(env: CaseEnv) {
  let seq = 0;
  const next = () => ++seq;
  const ok = async (res: Res | Promise<Res>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`fixture: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  /** The route on two fresh rows: `path` of one, then of another. */
  const onTwo = async (make: () => Promise<{ id: string }>, path: (id: string) => string): Promise<Case> => ({
    call: { url: path((await make()).id) },
    other: { url: path((await make()).id) },
  });
  /** The route at one `url` with two bodies. */
  const twoBodies = (url: string, body: unknown, other: unknown): Case => ({
    call: { url, body },
    other: { url, body: other },
  });
  return { ...env, next, ok, onTwo, twoBodies };
}

export type CaseKit = ReturnType<typeof caseKit>;
