// The stand-in SEFAZ receiving notes made in offline contingency (tpEmis 9) after the fact:
// it authorizes them hours after dhEmi, checks their QR Code as it checks the online ones
// (v2: the DigestValue and the hash with the CSC; v3: the fields signed by the note's
// certificate) and the contingency fields (MOC 556, 557, 558).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import type { NfceNote } from '../../shared/fiscal/nfce-note';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { sampleNote } from '../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../shared/seeded-random';
import { removeTestCertificates, testCertificates } from './test/certificates';
import { startRig, type SefazRig } from './test/sefaz-rig';
import { removeWrittenDocuments } from './test/xml-tools';
import { createPemSigner } from './xml-signature';

let rig: SefazRig;

beforeAll(async () => {
  rig = await startRig();
});

afterAll(async () => {
  await rig.close();
  removeWrittenDocuments();
  removeTestCertificates();
});

const HOUR = 3_600_000;

/** A note made offline `hoursAgo` hours ago, contingency begun 5 minutes before it; `edit` changes the unsigned XML. */
async function offlineNote(
  number: number,
  overrides: Partial<NfceNote> = {},
  { hoursAgo = 3, edit = (xml: string) => xml } = {},
) {
  const issued = Date.now() + rig.skew.ms - hoursAgo * HOUR;
  const built = buildNfce(
    { ...sampleNote({ number }), issued_at: new Date(issued).toISOString(), contingency: { started_at: new Date(issued - 5 * 60_000).toISOString(), reason: 'Sem conexão com a SEFAZ' }, ...overrides }, // prettier-ignore
    seededRandom(number),
  );
  return signNfce({ ...built, xml: edit(built.xml) }, rig.signer);
}

const send = async (xml: string, batch: string) => (await rig.client.authorize(rig.target, xml, batch)).note!;

describe('stand-in SEFAZ: notes in offline contingency', () => {
  it('authorizes them hours after dhEmi, QR v2 and v3 (with a consumer and without), each once', async () => {
    const notes = [
      await offlineNote(701),
      await offlineNote(702, { qr: { version: 3 } }),
      await offlineNote(703, { qr: { version: 3 }, customer: { document: '52998224725' } }),
      await offlineNote(704, { qr: { version: 3 }, customer: { document: '11444777000161' } }, { hoursAgo: 20 }),
    ];
    for (const [i, note] of notes.entries()) {
      expect(await send(note.xml, `7${i}`)).toMatchObject({ cstat: 100 });
      expect(rig.standIn.authorizations(/Id="NFe(\w{44})"/.exec(note.xml)![1]!)).toBe(1);
    }
    // The same note online that late is refused: only a note made offline may arrive after the fact.
    const late = await rig.note(705, { issued_at: new Date(Date.now() + rig.skew.ms - 3 * HOUR).toISOString() });
    expect((await send(late.signed, '75')).cstat).toBe(704);
  });

  it('refuses a QR v2 whose hash, idCSC or digVal does not match', async () => {
    const wrongCsc = await offlineNote(711, {
      qr: { version: 2, csc_id: 1, csc: 'OUTRO0CSC0QUE0A0SEFAZ0NAO0TEM0000' },
    });
    expect(await send(wrongCsc.xml, '81')).toMatchObject({ cstat: 464, reason: 'Código de Hash no QR-Code difere do calculado' }); // prettier-ignore
    const unknownId = await offlineNote(712, {
      qr: { version: 2, csc_id: 7, csc: 'OUTRO0CSC0QUE0A0SEFAZ0NAO0TEM0000' },
    });
    expect((await send(unknownId.xml, '82')).cstat).toBe(462);
    // The QR Code of another note: infNFeSupl is outside the signature, so only the QR check sees it.
    const a = await offlineNote(713);
    const b = await offlineNote(714);
    const swapped = a.xml.replace(a.qr_code, b.qr_code.replace(/\d{44}/, a.qr_code.split('?p=')[1]!.slice(0, 44)));
    const refused = await send(swapped, '83');
    expect(refused.cstat).toBe(464);
    expect(refused.reason).toContain('digVal');
  });

  it('refuses a QR v3 signed by another certificate, or whose value or consumer was changed', async () => {
    const stranger = createPemSigner(testCertificates('99888777000166', 'OUTRA LOJA LTDA'));
    const note = await offlineNote(721, { qr: { version: 3 }, customer: { document: '52998224725' } });
    const [url, p] = note.qr_code.split('?p=') as [string, string];
    const fields = p.split('|').slice(0, 7).join('|');
    const forged = `${url}?p=${fields}|${await stranger.signText(fields)}`;
    const answer = await send(note.xml.replace(note.qr_code, forged), '91');
    expect(answer.cstat).toBe(464);
    expect(answer.reason).toContain('assinatura do QR Code v3');
    const value = p.split('|')[4]!;
    expect((await send(note.xml.replace(`|${value}|`, '|0.01|'), '92')).cstat).toBe(464);
    const noConsumer = await offlineNote(722, { qr: { version: 3 } });
    const claimed = noConsumer.xml.replace(/\|\|\|/, '|2|52998224725|');
    expect((await send(claimed, '93')).cstat).toBe(399);
  });

  it('checks the contingency fields: 557 without xJust, 556 on an online note, 558 begun after the receipt', async () => {
    const withoutReason = await offlineNote(731, {}, { edit: (xml) => xml.replace(/<dhCont>.*<\/xJust>/, '') });
    expect((await send(withoutReason.xml, '95')).cstat).toBe(557);
    const online = await rig.note(732, {}, (xml) =>
      xml.replace(
        '</verProc>',
        '</verProc><dhCont>2026-11-29T10:00:00-03:00</dhCont><xJust>Sem conexão com a SEFAZ</xJust>',
      ),
    );
    expect((await send(online.signed, '96')).cstat).toBe(556);
    const now = Date.now() + rig.skew.ms;
    const future = await offlineNote(733, { issued_at: new Date(now + 120_000).toISOString(), contingency: { started_at: new Date(now + 60_000).toISOString(), reason: 'Sem conexão com a SEFAZ' } }); // prettier-ignore
    expect((await send(future.xml, '97')).cstat).toBe(558);
  });
});
