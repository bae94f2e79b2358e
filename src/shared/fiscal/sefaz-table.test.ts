import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_DIR, generateSefazTable, TARGET } from '../../../scripts/generate-sefaz-table.mjs';
import { nfceAddresses, nfceAuthorizer, nfceWebService } from './sefaz';
import { UFS } from './uf';

describe('the official NFC-e addresses', () => {
  it('the committed module is what the script makes of ../shared/nfe today', () => {
    expect(existsSync(DEFAULT_SOURCE_DIR), `faltam as listas oficiais em ${DEFAULT_SOURCE_DIR}`).toBe(true);
    expect(readFileSync(TARGET, 'utf8')).toBe(generateSefazTable(DEFAULT_SOURCE_DIR));
  });

  it('has the QR and consulta addresses of every state in both environments', () => {
    for (const uf of UFS) {
      for (const environment of [1, 2] as const) {
        const a = nfceAddresses(uf, environment);
        expect(a.qr_url).toMatch(/^https?:\/\//);
        expect([2, 3]).toContain(a.qr_version);
        expect(a.url_chave.length).toBeGreaterThanOrEqual(21);
        expect(a.url_chave.length).toBeLessThanOrEqual(85);
        expect(nfceWebService(uf, environment, 'NfeAutorizacao').url).toMatch(/^https:\/\//);
      }
    }
  });

  it("gives SP's own services and SVRS for the states it serves", () => {
    expect(nfceAddresses('SP', 2)).toEqual({
      qr_url: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
      qr_version: 3,
      url_chave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica',
    });
    expect(nfceAuthorizer('SP')).toBe('SP');
    expect(nfceWebService('SP', 1, 'NfeAutorizacao')).toEqual({
      url: 'https://nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
      operation: 'NFeAutorizacao4',
      version: '4.00',
    });
    expect(nfceAuthorizer('RJ')).toBe('SVRS');
    expect(nfceWebService('RJ', 2, 'NfeConsultaProtocolo').url).toBe(
      'https://nfce-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
    );
  });
});
