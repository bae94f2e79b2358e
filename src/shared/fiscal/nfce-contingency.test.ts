import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { NfceBuildError } from './nfce-check';
import type { NfceNote } from './nfce-note';
import { buildNfce } from './nfce-xml';
import { noteArb } from './test/note-arbitraries';
import { sampleNote } from './test/sample-note';

const one = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
const CONTINGENCY = { started_at: '2026-11-29T12:58:00.000Z', reason: 'Sem conexão com a SEFAZ' };
const offline = (overrides: Partial<NfceNote> = {}) => sampleNote({ contingency: CONTINGENCY, ...overrides });

describe('NFC-e in offline contingency (tpEmis 9)', () => {
  it('writes tpEmis 9 in ide and in the key, dhCont in the state time and xJust after verProc; no infNFeSupl yet', () => {
    const built = buildNfce(offline(), seededRandom(7));
    expect(built.emission_type).toBe(9);
    expect(built.qr_code).toBeNull();
    expect(one(built.xml, 'tpEmis')).toBe('9');
    // cUF(2) AAMM(4) CNPJ(14) mod(2) série(3) nNF(9): the 35th character is tpEmis.
    expect(built.key[34]).toBe('9');
    expect(built.xml).toContain(
      '<verProc>Balcao 0.1.0</verProc><dhCont>2026-11-29T09:58:00-03:00</dhCont><xJust>Sem conexão com a SEFAZ</xJust></ide>',
    );
    expect(built.xml).not.toContain('infNFeSupl');
    expect(built.xml.endsWith('</infNFe></NFe>')).toBe(true);
  });

  it('differs from the same note online only in tpEmis, the key, dhCont/xJust and infNFeSupl', () => {
    const online = buildNfce(sampleNote(), seededRandom(7));
    const contingency = buildNfce(offline(), seededRandom(7));
    expect(contingency.numeric_code).toBe(online.numeric_code);
    expect(contingency.key.slice(0, 34)).toBe(online.key.slice(0, 34));
    expect(contingency.key.slice(35, 43)).toBe(online.key.slice(35, 43));
    const expected = online.xml
      .replace(/<infNFeSupl>.*<\/infNFeSupl>/, '')
      .replace(`NFe${online.key}`, `NFe${contingency.key}`)
      .replace('<tpEmis>1</tpEmis>', '<tpEmis>9</tpEmis>')
      .replace(`<cDV>${online.key[43]}</cDV>`, `<cDV>${contingency.key[43]}</cDV>`)
      .replace('</verProc></ide>', '</verProc><dhCont>2026-11-29T09:58:00-03:00</dhCont><xJust>Sem conexão com a SEFAZ</xJust></ide>'); // prettier-ignore
    expect(contingency.xml).toBe(expected);
  });

  it('is pure: the same note and random source give the same bytes, for any note', () => {
    fc.assert(
      fc.property(noteArb, fc.integer(), (note, seed) => {
        const a = buildNfce(note, seededRandom(seed));
        expect(buildNfce(note, seededRandom(seed)).xml).toBe(a.xml);
        expect(a.emission_type).toBe(note.contingency ? 9 : 1);
        expect(a.key[34]).toBe(note.contingency ? '9' : '1');
        expect(a.xml.includes('<dhCont>')).toBe(Boolean(note.contingency));
        expect(a.xml.includes('<infNFeSupl>')).toBe(!note.contingency);
      }),
      { numRuns: 150 },
    );
  });

  it('cleans xJust as fiscal text: trimmed, one space, plain quotes, escaped, cut at 256', () => {
    const reason = '  Sem conexão\n\tcom a “SEFAZ” & <provedor> 🎉  ';
    const { xml } = buildNfce(offline({ contingency: { ...CONTINGENCY, reason } }), seededRandom(1));
    expect(one(xml, 'xJust')).toBe('Sem conexão com a "SEFAZ" &amp; &lt;provedor&gt;');
    const long = buildNfce(offline({ contingency: { ...CONTINGENCY, reason: 'x'.repeat(300) } }), seededRandom(1));
    expect(one(long.xml, 'xJust')).toHaveLength(256);
  });

  it('writes dhCont with the offset of the store’s state, and may start at the very moment of the note', () => {
    const am = offline({ issued_at: '2026-11-01T02:30:00Z', contingency: { ...CONTINGENCY, started_at: '2026-11-01T02:30:00Z' } }); // prettier-ignore
    am.emitter = { ...am.emitter, address: { ...am.emitter.address, uf: 'AM', city_code: '1302603' } };
    const { xml, key } = buildNfce(am, seededRandom(1));
    expect(one(xml, 'dhCont')).toBe('2026-10-31T22:30:00-04:00');
    expect(one(xml, 'dhEmi')).toBe('2026-10-31T22:30:00-04:00');
    expect(key.slice(0, 6)).toBe('132610');
  });

  it('refuses a reason shorter than 15 characters, a bad date and a contingency begun after the note', () => {
    const problems = (contingency: NfceNote['contingency']) => {
      try {
        buildNfce(offline({ contingency }), seededRandom(1));
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(NfceBuildError);
        return (error as NfceBuildError).problems;
      }
    };
    expect(problems({ ...CONTINGENCY, reason: 'Sem rede' })).toEqual([
      "Informe o motivo da contingência, de 15 a 256 caracteres (ex.: 'Sem conexão com a SEFAZ').",
    ]);
    // Emoji and spaces do not count: what is left once made fiscal text is 14 characters.
    expect(problems({ ...CONTINGENCY, reason: '  🎉🎉 Sem internet!! 🎉  ' })).toHaveLength(1);
    expect(problems({ ...CONTINGENCY, reason: 'Sem internet agora' })).toEqual([]);
    expect(problems({ ...CONTINGENCY, started_at: 'ontem' })).toEqual([
      'A data de entrada em contingência é inválida.',
    ]);
    expect(problems({ ...CONTINGENCY, started_at: '2026-11-29T13:05:10.000Z' })).toEqual([
      'A entrada em contingência (dhCont) não pode ser depois da emissão da nota.',
    ]);
    expect(problems(null)).toEqual([]);
  });
});
