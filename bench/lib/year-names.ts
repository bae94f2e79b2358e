// Names for the year-of-history store: customers, suppliers and what the store pays for
// (by category of PAYABLE_CATEGORIES), and what it charges outside the till.
import type { PAYABLE_CATEGORIES } from '../../src/shared/constants';

const words = (list: string) => list.split(',');

export const FIRST_NAMES = words(
  'Ana,Bruno,Carla,Daniel,Elaine,Felipe,Giovana,Hugo,Ingrid,Jorge,Karina,Leonardo,Mariana,Nelson,Olívia,Paulo,' +
    'Renata,Sérgio,Tatiane,Vinícius,Adriana,Caio,Débora,Gustavo,Helena,Igor,Juliana,Lucas,Mônica,Rodrigo,Simone',
);
export const SURNAMES = words(
  'Silva,Santos,Oliveira,Souza,Rodrigues,Ferreira,Alves,Pereira,Lima,Gomes,Costa,Ribeiro,Martins,Carvalho,' +
    'Almeida,Lopes,Soares,Fernandes,Vieira,Barbosa,Rocha,Dias,Nascimento,Andrade,Moreira,Nunes,Marques,Machado,' +
    'Mendes,Freitas,Cardoso,Ramos,Gonçalves,Santana,Teixeira,Araújo,Pinto,Correia,Batista,Cavalcanti',
);

type Category = (typeof PAYABLE_CATEGORIES)[number];

/** Suppliers, what is bought, and the range of a bill in reais, by category. */
export const PAYABLES: Record<Category, { suppliers: string[]; descriptions: string[]; reais: [number, number] }> = {
  'Matéria-prima': {
    suppliers: words(
      'Têxtil Paulista Ltda,Malharia Boa Vista,Confecções Rio Claro,Calçados Franca Couros,Tecelagem Americana',
    ),
    descriptions: words(
      'Reposição de camisetas,Lote de calças jeans,Pedido de tênis,Tecidos da coleção,Reposição de meias',
    ),
    reais: [800, 25_000],
  },
  Logística: {
    suppliers: words('Transportadora Rápida,Correios,Entregas Já Express,Frete Bom Caminho'),
    descriptions: words('Frete de mercadorias,Envio de pedidos,Coleta de devolução'),
    reais: [80, 2_500],
  },
  Serviços: {
    suppliers: words('Contabilidade Exata,Limpeza Brilho Total,Segurança Vigilante,Manutenção Predial SP'),
    descriptions: words('Honorários contábeis,Limpeza mensal,Monitoramento,Reparo do provador'),
    reais: [250, 4_000],
  },
  Utilidades: {
    suppliers: words('Enel São Paulo,Sabesp,Comgás,Vivo Empresas'),
    descriptions: words('Energia elétrica,Água e esgoto,Gás,Telefone e internet'),
    reais: [120, 2_200],
  },
  Tecnologia: {
    suppliers: words('Sistemas Nuvem Ltda,Maquininha Pague Fácil,Loja de Informática Central,Hospedagem Web BR'),
    descriptions: words('Mensalidade do sistema,Aluguel da maquininha,Compra de impressora,Domínio e hospedagem'),
    reais: [60, 3_500],
  },
  Marketing: {
    suppliers: words('Agência Vitrine Digital,Gráfica Rápida,Rádio Bairro FM,Anúncios Online'),
    descriptions: words('Campanha nas redes sociais,Panfletos da promoção,Anúncio na rádio,Impulsionamento'),
    reais: [150, 6_000],
  },
  Administrativo: {
    suppliers: words('Imobiliária Centro,Papelaria Escritório Total,Banco do Comércio'),
    descriptions: words('Aluguel da loja,Material de escritório,Tarifas bancárias,Condomínio'),
    reais: [90, 9_000],
  },
  Impostos: {
    suppliers: words('Receita Federal,Prefeitura de São Paulo,Secretaria da Fazenda SP'),
    descriptions: words('DAS Simples Nacional,IPTU,ICMS,Taxa de licença de funcionamento'),
    reais: [200, 12_000],
  },
  'Mercadorias para revenda': {
    suppliers: words('Distribuidora Paulista,Atacado Brás Modas,Calçados Franca Couros'),
    descriptions: words('NF-e de mercadorias,Reposição do estoque'),
    reais: [500, 20_000],
  },
};

/** What a store charges outside the till (manual receivables). */
export const MANUAL_RECEIVABLES = words(
  'Ajuste de barra,Customização de camiseta,Conserto de calçado,Encomenda especial,Venda para empresa (boleto),' +
    'Aluguel de vitrine,Uniformes sob medida,Saldo de venda antiga',
);
