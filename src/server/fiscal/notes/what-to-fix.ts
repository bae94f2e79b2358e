// What the admin does about a rejection, in pt-BR: the codes a store's own data causes get
// where to fix it (src/shared/fiscal/rejection-fixes.ts, the one table); any other code gets
// the general advice (SEFAZ's reason is shown beside). A note the till signed in offline
// contingency is made again by 'Reenviar' with its access key (the DANFE the customer holds
// keeps pointing to it); one the server refused because the till's key had been removed
// never reached SEFAZ, and has nothing to fix but to be signed again.
import type { EmissionType } from '../../../shared/fiscal/access-key';
import { whatToFix as explained } from '../../../shared/fiscal/rejection-fixes';

const GENERAL =
  'Corrija o que a SEFAZ apontou (no produto, no cliente ou em Configurações > Fiscal) e use Reenviar: a nota é refeita com o mesmo número e assinada de novo.';
const FIX_IN_CONTINGENCY = 'Corrija o que a SEFAZ apontou (no produto, no cliente ou em Configurações > Fiscal).';
const RESEND_IN_CONTINGENCY =
  'Depois use Reenviar: a nota em contingência é refeita no servidor com o mesmo número e a mesma chave de acesso, assinada pelo certificado da loja, e enviada de novo. O DANFE já entregue ao cliente continua valendo: não é impresso de novo.';
const TILL_KEY_REFUSED =
  'A nota não chegou à SEFAZ: o caixa a assinou com uma chave já removida. Use Reenviar: ela é refeita no servidor com o mesmo número e a mesma chave de acesso, assinada pelo certificado da loja, e enviada. O DANFE já entregue ao cliente continua valendo: não é impresso de novo.';

export function whatToFix(cstat: number | null, emissionType: EmissionType = 1): string {
  if (emissionType !== 9) return explained(cstat) ?? GENERAL;
  if (cstat === null) return TILL_KEY_REFUSED;
  return `${explained(cstat) ?? FIX_IN_CONTINGENCY} ${RESEND_IN_CONTINGENCY}`;
}
