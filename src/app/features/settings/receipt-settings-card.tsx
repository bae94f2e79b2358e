// 'Recibo': the width of the till's receipt roll and whether the receipt prints by itself
// after each sale (PUT /api/settings). Each change is saved as soon as it is made; the
// fields show what the server holds, or the change on its way.
import { RECEIPT_PAPER_WIDTHS } from '../../../shared/contract/settings';
import { ChoiceField } from '../../components/choice-field';
import { SettingCheckbox, SettingsCard } from './settings-card';

const WIDTH_LABELS = { '80mm': '80 mm (padrão)', '58mm': '58 mm' } as const;

export function ReceiptSettingsCard() {
  return (
    <SettingsCard
      title="Recibo"
      description="Como o Nova Venda imprime o recibo na impressora térmica."
      contentClassName="flex flex-col gap-3"
    >
      {(card) => (
        <>
          <ChoiceField
            label="Largura do papel do recibo"
            value={card.shown.receipt_paper_width}
            disabled={card.update.isPending}
            onChange={(e) => {
              const width = RECEIPT_PAPER_WIDTHS.find((w) => w === e.target.value) ?? '80mm';
              void card.save({ receipt_paper_width: width }, `O recibo sai em papel de ${WIDTH_LABELS[width]}.`);
            }}
            choices={RECEIPT_PAPER_WIDTHS}
            labels={WIDTH_LABELS}
          />
          <SettingCheckbox
            card={card}
            setting="receipt_auto_print"
            label="Imprimir recibo automaticamente após cada venda"
            description="Ao finalizar a venda, a janela de impressão abre com o recibo, sem precisar clicar em Imprimir recibo."
            said={[
              'O recibo será impresso automaticamente após cada venda.',
              'O recibo só será impresso quando você clicar em Imprimir recibo.',
            ]}
          />
        </>
      )}
    </SettingsCard>
  );
}
