// What the admin does about a rejection, in pt-BR: the codes a store's own data causes get
// where to fix it (src/shared/fiscal/rejection-fixes.ts, the one table); any other code gets
// the general advice (SEFAZ's reason is shown beside).
import { whatToFix as explained } from '../../../shared/fiscal/rejection-fixes';

const GENERAL =
  'Corrija o que a SEFAZ apontou (no produto, no cliente ou em Configurações > Fiscal) e use Reenviar: a nota é refeita com o mesmo número e assinada de novo.';

export function whatToFix(cstat: number | null): string {
  return explained(cstat) ?? GENERAL;
}
