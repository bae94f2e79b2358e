// What a line of an NF-e costs the store, beyond the goods' value (vProd): the IPI, the
// ICMS-ST and its FCP-ST (taxes the supplier charges on top and the store pays with the
// note), freight, insurance and other expenses, less the discount, each as the note
// writes it per item. Their sum over the lines is the note's vNF, so the goods enter at
// what the store pays for them. The ICMS, PIS and COFINS inside the price are not taken
// out: a store in the Simples Nacional cannot recover them, so they are cost too.
import { centavosText, optionalText } from './nfe-values';
import { at, child, type XmlElement } from './xml-tree';

/** A line's amounts on top of (or off) its vProd, in centavos; 0 when the note has none. */
export interface NfeLineExtras {
  /** imposto/IPI/IPITrib/vIPI */
  ipi: number;
  /** imposto/ICMS/ICMSxx/vICMSST */
  icms_st: number;
  /** imposto/ICMS/ICMSxx/vFCPST: the poverty fund charged with the ST, paid the same way. */
  fcp_st: number;
  /** prod/vFrete */
  freight: number;
  /** prod/vSeg */
  insurance: number;
  /** prod/vOutro */
  other: number;
  /** prod/vDesc */
  discount: number;
}

export const NO_EXTRAS: NfeLineExtras = {
  ipi: 0,
  icms_st: 0,
  fcp_st: 0,
  freight: 0,
  insurance: 0,
  other: 0,
  discount: 0,
};

function amount(element: XmlElement | undefined, path: string, item: number): number {
  const text = optionalText(element);
  return text === null ? 0 : centavosText(text, { path, item });
}

/** The extras of one det (its prod and imposto). */
export function lineExtras(det: XmlElement, item: number): NfeLineExtras {
  const prod = child(det, 'prod');
  const imposto = child(det, 'imposto');
  // ICMS holds one group (ICMS00, ICMS10, ICMSSN202...); vICMSSTRet (ST already paid
  // earlier in the chain) is not charged on this note and is not read.
  const icms = child(imposto, 'ICMS')?.children[0];
  return {
    ipi: amount(at(imposto, 'IPI/IPITrib/vIPI'), 'imposto/IPI/IPITrib/vIPI', item),
    icms_st: amount(child(icms, 'vICMSST'), 'imposto/ICMS/vICMSST', item),
    fcp_st: amount(child(icms, 'vFCPST'), 'imposto/ICMS/vFCPST', item),
    freight: amount(child(prod, 'vFrete'), 'prod/vFrete', item),
    insurance: amount(child(prod, 'vSeg'), 'prod/vSeg', item),
    other: amount(child(prod, 'vOutro'), 'prod/vOutro', item),
    discount: amount(child(prod, 'vDesc'), 'prod/vDesc', item),
  };
}

/** The acquisition cost of a line: vProd + IPI + ICMS-ST + FCP-ST + freight + insurance + other - discount. */
export function acquisitionCost(goodsCents: number, e: NfeLineExtras): number {
  return goodsCents + e.ipi + e.icms_st + e.fcp_st + e.freight + e.insurance + e.other - e.discount;
}
