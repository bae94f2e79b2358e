// Configurações > Fiscal > 'Contingência off-line' as an admin uses it on a till: the card,
// and the A1 imported on this till, the file chosen and the password typed by keyboard.
import type { Page } from './browser';
import { goTo } from './layout';

/** The card 'Contingência off-line'. */
export const keyCard = (page: Page) =>
  page.getByRole('heading', { name: 'Contingência off-line' }).locator('xpath=ancestor::div[contains(@class,"rounded-lg")][1]'); // prettier-ignore

export async function openFiscalTab(page: Page) {
  await goTo(page, '/configuracoes');
  await page.getByRole('tab', { name: 'Fiscal', exact: true }).click();
  await keyCard(page).waitFor();
}

/** Chooses the file and types the password as a person does, then asks for the import. */
export async function importFile(page: Page, file: { name: string; buffer: Buffer }, password: string) {
  await page
    .getByLabel('Certificado A1 (.pfx) para este caixa')
    .setInputFiles({ ...file, mimeType: 'application/x-pkcs12' });
  const field = page.getByLabel('Senha do certificado A1');
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(password);
  await page.getByRole('button', { name: 'Importar neste caixa' }).click();
}
