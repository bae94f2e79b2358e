// What routes need from the outside (the database and the token service), and who an
// authenticated request comes from.
import type { Role } from '../shared/permissions';
import type { TokenService } from './core/tokens';
import type { Database, Db } from './db/client';
import type { Emission } from './fiscal/emission';
import type { NoteRebuilder } from './fiscal/notes/note-rebuilder';
import type { SecretBox } from './fiscal/secret-box';
import type { SefazPort } from './fiscal/sefaz-port';
import type { TechResponsible } from '../shared/contract';

export interface AppContext {
  database: Database;
  db: Db;
  tokens: TokenService;
  /** Seals and opens the fiscal secrets kept at rest (the A1 certificate, the CSC). */
  fiscalBox: SecretBox;
  /** The operator's Responsável Técnico (FISCAL_TECH_*): a store's while it has saved none of its own. */
  fiscalTechResponsible: TechResponsible | null;
  /** The NFC-e emission: the sales' notes and the queue that sends them (fiscal/emission.ts). */
  emission: Emission;
  /** How the product speaks to SEFAZ; null: not configured (the fiscal actions answer so). */
  sefaz: SefazPort | null;
  /** Rebuilds a rejected note's document from its sale (the emission's mapping: fiscal/notes/note-rebuilder.ts). */
  rebuildNote: NoteRebuilder;
}

export interface RouteOptions {
  ctx: AppContext;
}

/** The authenticated caller of a request. */
export interface AuthContext {
  userId: string;
  tenantId: string;
  role: Role;
  subdomain: string;
}
