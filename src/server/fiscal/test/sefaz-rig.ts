// What the SEFAZ client tests share: a store's test A1, a stand-in SEFAZ that trusts its CA,
// a client pointed at the stand-in, and notes built now (so dhEmi is inside the window).
import { buildNfce, type BuiltNfce } from '../../../shared/fiscal/nfce-xml';
import type { NfceNote } from '../../../shared/fiscal/nfce-note';
import { SAMPLE_CNPJ, SAMPLE_CSC, sampleNote } from '../../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../../shared/seeded-random';
import { createSefazClient, type SefazClient } from '../sefaz-client';
import type { SefazTarget } from '../sefaz-port';
import { createPemSigner, type XmlSigner } from '../xml-signature';
import { testCertificates, type TestCertificates } from './certificates';
import { SCHEMAS, schemaFailures, writeDocuments } from './xml-tools';
import { startStandInSefaz, type StandInOptions, type StandInSefaz } from './stand-in-sefaz';

export interface SefazRig {
  certs: TestCertificates;
  signer: XmlSigner;
  standIn: StandInSefaz;
  client: SefazClient;
  target: SefazTarget;
  /** Added to the stand-in's clock and to the notes' dhEmi (ms). */
  skew: { ms: number };
  /** A signed note numbered `number`, issued now (plus skew). */
  note(
    number: number,
    overrides?: Partial<NfceNote>,
    edit?: (xml: string) => string,
  ): Promise<BuiltNfce & { signed: string }>;
  close(): Promise<void>;
}

export async function startRig(options: Partial<StandInOptions> = {}): Promise<SefazRig> {
  const certs = testCertificates(SAMPLE_CNPJ);
  const signer = createPemSigner({ keyPem: certs.keyPem, certPem: certs.certPem });
  const skew = { ms: 0 };
  const standIn = await startStandInSefaz({
    clientCaPem: certs.caPem,
    csc: { '1': SAMPLE_CSC },
    now: () => Date.now() + skew.ms,
    ...options,
  });
  const client = createSefazClient({ baseUrl: standIn.url, extraCaPem: standIn.caPem });
  const target: SefazTarget = {
    uf: 'SP',
    environment: 2,
    keyPem: certs.keyPem,
    certPem: certs.certPem,
    timeoutMs: 5000,
  };
  let seed = 1;
  return {
    certs,
    signer,
    standIn,
    client,
    target,
    skew,
    async note(number, overrides = {}, edit = (x) => x) {
      const built = buildNfce(
        sampleNote({ number, issued_at: new Date(Date.now() + skew.ms).toISOString(), ...overrides }),
        seededRandom(seed++),
      );
      return { ...built, signed: await signer.sign(edit(built.xml), 'infNFe') };
    },
    async close() {
      client.close();
      await standIn.close();
    },
  };
}

const ANSWER_SCHEMA = {
  authorize: SCHEMAS.retEnviNFe,
  consult: SCHEMAS.retConsSitNFe,
  event: SCHEMAS.retEnvEvento,
  inutilize: SCHEMAS.retInutNFe,
  status: SCHEMAS.retConsStatServ,
} as const;

/** Every answer the stand-in gave, checked against its official schema: the failures. */
export function answerSchemaFailures(standIn: StandInSefaz): string[] {
  const failures: string[] = [];
  for (const service of Object.keys(ANSWER_SCHEMA) as (keyof typeof ANSWER_SCHEMA)[]) {
    const answers = standIn.received.filter((r) => r.service === service && r.answer).map((r) => r.answer!);
    // An answer to a cancel by substitution (110112) has its own schema.
    const substitution = (a: string) => service === 'event' && a.includes('<tpEvento>110112</tpEvento>');
    for (const [group, schema] of [
      [answers.filter((a) => !substitution(a)), ANSWER_SCHEMA[service]],
      [answers.filter(substitution), SCHEMAS.retEnvEventoCancSubst],
    ] as const)
      if (group.length) failures.push(...schemaFailures(writeDocuments(group, `ret-${service}`), schema));
  }
  return failures;
}
