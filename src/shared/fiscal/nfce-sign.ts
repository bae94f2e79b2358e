// A built NFC-e made a signed one, online or in offline contingency, the same on the server
// and at the till. The order, for a note in contingency (tpEmis 9):
//   1. buildNfce writes <NFe> with infNFe alone (the QR Code is not known yet);
//   2. the signer signs infNFe (Reference URI '#NFe<chave>') and puts Signature last in NFe;
//   3. the QR Code is made from that signature: v2 from its DigestValue, v3 from the key's
//      signature of the QR's own fields (XmlSigner.signText);
//   4. infNFeSupl is written where the schema puts it, between infNFe and Signature.
// infNFeSupl is outside the signed infNFe, so the signature stays valid (the tests verify
// it with xmlsec1 after step 4). Online (tpEmis 1) the QR Code does not depend on the
// signature: buildNfce writes infNFeSupl and the signer adds Signature after it.
import type { BuiltNfce } from './nfce-xml';
import { supplement } from './nfce-xml';
import { offlineQrCodeText, offlineQrSignedFields } from './qr-code';
import { digestValueOf, XmlSignatureError, type XmlSigner } from './xml-dsig';

export interface SignedNfce {
  /** The signed document, ready for enviNFe: infNFe, infNFeSupl, Signature. */
  xml: string;
  /** The QR Code's text, as in infNFeSupl (printed on the DANFE). */
  qr_code: string;
  /** The signature's DigestValue (base64): what SEFAZ's protNFe/digVal repeats. */
  digest_value: string;
}

export async function signNfce(built: BuiltNfce, signer: XmlSigner): Promise<SignedNfce> {
  const signed = await signer.sign(built.xml, 'infNFe');
  const digest = digestValueOf(signed)!;
  if (!built.offline_qr) return { xml: signed, qr_code: built.qr_code!, digest_value: digest };
  const qr = built.offline_qr;
  const qrCode = offlineQrCodeText(
    qr,
    qr.version === 2
      ? { digest_value: digest }
      : { fields_signature: await signer.signText(offlineQrSignedFields(qr)) },
  );
  const at = signed.indexOf('</infNFe><Signature ');
  if (at < 0) throw new XmlSignatureError('Assinatura: a nota em contingência deve ter só infNFe antes da assinatura.');
  const end = at + '</infNFe>'.length;
  return {
    xml: signed.slice(0, end) + supplement(qrCode, built.url_chave) + signed.slice(end),
    qr_code: qrCode,
    digest_value: digest,
  };
}
