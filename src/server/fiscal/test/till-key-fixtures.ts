// What a till sends to register the contingency key it now holds (POST /api/fiscal/till-keys),
// made here with node:crypto from a test A1 (a1-files.ts): the certificate's DER and the
// proof text signed with its key, as the till's browser does with WebCrypto.
import { sign, X509Certificate } from 'node:crypto';
import { tillKeyProof } from '../../../shared/contract/fiscal-till-keys';

export interface KeyPair {
  certPem: string;
  keyPem: string;
}

/** SHA-256 of the certificate's DER, upper-case hex (node's own count, not the product's). */
export const fingerprintOf = (certPem: string) => new X509Certificate(certPem).fingerprint256.replaceAll(':', '');

/** The register body for `deviceId`; `signedBy` and `proofDevice` make a wrong proof. */
export function tillKeyBody(
  a1: KeyPair,
  deviceId: string,
  { signedBy = a1.keyPem, proofDevice = deviceId }: { signedBy?: string; proofDevice?: string } = {},
) {
  const proof = sign('sha1', Buffer.from(tillKeyProof(proofDevice, fingerprintOf(a1.certPem))), signedBy);
  return {
    device_id: deviceId,
    certificate_der: new X509Certificate(a1.certPem).raw.toString('base64'),
    proof: proof.toString('base64'),
  };
}
