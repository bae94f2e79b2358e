// What the Chromium test of the fiscal signer bundles into a page (fiscal-signer.e2e.ts): the
// same modules the till runs, nothing of the app around them.
export { buildNfce } from '../../../src/shared/fiscal/nfce-xml';
export { signNfce } from '../../../src/shared/fiscal/nfce-sign';
export { createXmlSigner, FISCAL_KEY_ALGORITHM } from '../../../src/shared/fiscal/xml-dsig';
export { seededRandom } from '../../../src/shared/seeded-random';
