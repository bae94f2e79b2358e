// 'Consumidor final': the store's built-in customer of a sale to someone who gives no name
// (one per store, told by its flag, never by its name: a customer typed with that name is
// an ordinary one). With the store's setting on, Nova Venda starts with it chosen. A sale
// still has a customer; but crediário and vale-troca need a person who owes or holds the
// money, so both refuse it, with the same sentence at the till and on the server.

export const FINAL_CONSUMER_NAME = 'Consumidor final';

export const FINAL_CONSUMER_CREDIARIO =
  'Crediário não pode ser vendido para Consumidor final: escolha ou cadastre o cliente que vai pagar as parcelas.';
export const FINAL_CONSUMER_STORE_CREDIT =
  'Vale-troca não pode ser usado nem gerado para Consumidor final: escolha ou cadastre o cliente dono do vale.';
export const FINAL_CONSUMER_EXCHANGE =
  'Venda para Consumidor final: a troca pede um cliente identificado. Devolva em dinheiro ou estorno e faça a nova venda.';
export const FINAL_CONSUMER_LOCKED = 'Consumidor final é o cliente padrão da loja: não pode ser alterado nem excluído.';

/** Why a sale to this customer cannot be made as it is (null: it can). */
export function finalConsumerProblem(
  customer: { finalConsumer: boolean },
  sale: { crediario: boolean; storeCredit: number },
): string | null {
  if (!customer.finalConsumer) return null;
  if (sale.crediario) return FINAL_CONSUMER_CREDIARIO;
  if (sale.storeCredit > 0) return FINAL_CONSUMER_STORE_CREDIT;
  return null;
}
