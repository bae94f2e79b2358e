// What the stand-in SEFAZ checks of a note's QR Code (infNFeSupl/qrCode), online and in
// offline contingency, written again from the DANFE NFC-e manual (v5.00 for QR v2, v6.00 for
// v3) and NT 2025.001, not imported from the builder. Test code: not part of the product.
//   online  v2: chave|2|tpAmb|idCSC|hash             v3: chave|3|tpAmb
//   offline v2: chave|2|tpAmb|dd|vNF|digVal|idCSC|hash (digVal: hex of the DigestValue's text)
//   offline v3: chave|3|tpAmb|dd|vNF|tp_idDest|cDest|assinatura (RSA-SHA1 of the 7 fields
//               before it, by the certificate that signed the note)
import { createHash, verify, X509Certificate } from 'node:crypto';
import { childText, findElement } from '../../../shared/fiscal/sefaz-answers';
import { reasonOf, type NoteFacts, type Verdict } from './stand-in-sefaz-rules';

const reject = (cstat: number, detail?: string): Verdict => ({
  cstat,
  reason: detail ? `${reasonOf(cstat)} (${detail})` : reasonOf(cstat),
});

const sha1Upper = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/** The first rule the QR Code breaks; null when it passes. `csc`: the CSC of each idCSC the store registered. */
export function checkQr(nfe: string, facts: NoteFacts, csc: Readonly<Record<string, string>>): Verdict | null {
  const qr = childText(nfe, 'qrCode');
  if (!qr) return reject(394);
  const p = /[?&]p=([^&]*)$/.exec(qr)?.[1]?.split('|') ?? [];
  if (!p[0]) return reject(396);
  if (p[0] !== facts.key) return reject(397);
  if (p[2] !== String(facts.environment)) return reject(464, 'tpAmb');
  if (p[1] !== '2' && p[1] !== '3') return reject(398);
  const offline = facts.key[34] === '9';
  if (!offline) {
    if (p[1] === '3') return p.length === 3 ? null : reject(464, 'parâmetros de contingência numa nota online');
    if (p.length !== 5) return reject(464, 'parâmetros');
    return checkHash(p, 3, csc);
  }
  if (p.length !== 8) return reject(464, 'parâmetros da contingência off-line');
  const ide = findElement(nfe, 'ide')!.inner;
  if (p[3] !== childText(ide, 'dhEmi')!.slice(8, 10)) return reject(464, 'dia da emissão');
  if (p[4] !== childText(findElement(nfe, 'ICMSTot')!.inner, 'vNF')) return reject(464, 'valor da nota');
  if (p[1] === '2') {
    const digest = Buffer.from(p[5]!, 'hex').toString('latin1');
    if (!/^[0-9a-fA-F]{56}$/.test(p[5]!) || digest !== facts.digest) return reject(464, 'digVal');
    return checkHash(p, 6, csc);
  }
  return checkV3Signature(nfe, p);
}

/** v2: p[idAt] is idCSC, p[idAt + 1] the SHA-1 of the fields before it and the CSC. */
function checkHash(p: string[], idAt: number, csc: Readonly<Record<string, string>>): Verdict | null {
  const secret = csc[p[idAt]!];
  if (secret === undefined) return reject(462);
  return sha1Upper(p.slice(0, idAt + 1).join('|') + secret) === p[idAt + 1] ? null : reject(464);
}

function checkV3Signature(nfe: string, p: string[]): Verdict | null {
  const dest = findElement(nfe, 'dest')?.inner ?? null;
  const cnpj = dest && childText(dest, 'CNPJ');
  const cpf = dest && childText(dest, 'CPF');
  const [type, document] = cnpj ? ['1', cnpj] : cpf ? ['2', cpf] : ['', ''];
  if (!dest && (p[5] || p[6])) return reject(399);
  if (p[5] !== type || p[6] !== document) return reject(464, 'identificação do destinatário');
  const certificate = childText(nfe, 'X509Certificate');
  if (!certificate) return reject(464, 'nota sem certificado');
  const publicKey = new X509Certificate(Buffer.from(certificate, 'base64')).publicKey;
  const signed = verify('sha1', Buffer.from(p.slice(0, 7).join('|'), 'utf8'), publicKey, Buffer.from(p[7]!, 'base64'));
  return signed ? null : reject(464, 'assinatura do QR Code v3 não confere com o certificado da nota');
}
