// The demo store's catalog and customers: a small clothing and shoe store.
// Deterministic (seeded PRNG): every fresh database gets the same data.
import type { CustomerCreate } from '../../shared/contract';
import type { NewProduct } from '../catalogue/products';
import { cnpjCheckDigits, cpfCheckDigits } from '../../shared/documents';
import { withGtinCheckDigit } from '../../shared/gtin';
import { seededRandom } from '../../shared/seeded-random';
import { foldText } from '../../shared/text';

const CLOTHING = ['P', 'M', 'G', 'GG'];
const SHOES = ['38', '39', '40', '41', '42'];
const PANTS = ['38', '40', '42'];

interface Model {
  code: string;
  name: string;
  colors: [code: string, name: string][];
  sizes: string[];
  /** centavos */
  cost: number;
  sale: number;
}

const MODELS: Model[] = [
  {
    code: 'CAM-BAS',
    name: 'Camiseta Básica Algodão',
    colors: [
      ['BR', 'Branca'],
      ['PT', 'Preta'],
    ],
    sizes: CLOTHING,
    cost: 1750,
    sale: 3990,
  },
  {
    code: 'CAM-GLV',
    name: 'Camiseta Gola V',
    colors: [['AM', 'Azul Marinho']],
    sizes: CLOTHING,
    cost: 2200,
    sale: 4990,
  },
  {
    code: 'CAL-JSL',
    name: 'Calça Jeans Slim',
    colors: [
      ['AZ', 'Azul'],
      ['PT', 'Preta'],
    ],
    sizes: PANTS,
    cost: 7200,
    sale: 15990,
  },
  { code: 'TEN-CAS', name: 'Tênis Casual Lona', colors: [['BR', 'Branco']], sizes: SHOES, cost: 11000, sale: 22990 },
  { code: 'SAP-COU', name: 'Sapatênis Couro', colors: [['MR', 'Marrom']], sizes: SHOES, cost: 11800, sale: 24990 },
  {
    code: 'VES-MID',
    name: 'Vestido Midi Floral',
    colors: [['ES', 'Estampado']],
    sizes: ['P', 'M', 'G'],
    cost: 8000,
    sale: 18990,
  },
  {
    code: 'BLU-MLG',
    name: 'Blusa Manga Longa',
    colors: [
      ['VN', 'Vinho'],
      ['OW', 'Off-white'],
    ],
    sizes: ['P', 'M', 'G'],
    cost: 3300,
    sale: 7990,
  },
  { code: 'JAQ-JNS', name: 'Jaqueta Jeans', colors: [['AC', 'Azul Claro']], sizes: CLOTHING, cost: 13000, sale: 27990 },
  {
    code: 'BER-SAR',
    name: 'Bermuda Sarja',
    colors: [
      ['CQ', 'Cáqui'],
      ['PT', 'Preta'],
    ],
    sizes: PANTS,
    cost: 5200,
    sale: 11990,
  },
  {
    code: 'MOL-CAN',
    name: 'Moletom Canguru',
    colors: [['CM', 'Cinza Mescla']],
    sizes: CLOTHING,
    cost: 6500,
    sale: 14990,
  },
  {
    code: 'POL-PIQ',
    name: 'Camisa Polo Piquet',
    colors: [['VM', 'Verde Musgo']],
    sizes: CLOTHING,
    cost: 3800,
    sale: 8990,
  },
  { code: 'SAI-JNS', name: 'Saia Jeans', colors: [['AZ', 'Azul']], sizes: ['P', 'M', 'G'], cost: 4200, sale: 9990 },
  {
    code: 'CIN-COU',
    name: 'Cinto de Couro',
    colors: [
      ['PT', 'Preto'],
      ['MR', 'Marrom'],
    ],
    sizes: ['Único'],
    cost: 2500,
    sale: 6990,
  },
  { code: 'BON-ABA', name: 'Boné Aba Curva', colors: [['PT', 'Preto']], sizes: ['Único'], cost: 2200, sale: 5990 },
  {
    code: 'MEI-KIT',
    name: 'Kit 3 Meias Cano Alto',
    colors: [['BR', 'Branca']],
    sizes: ['Único'],
    cost: 1200,
    sale: 3490,
  },
];

/** SKUs forced below minimum stock (the dashboard's low-stock alerts). */
export const DEMO_OUT_OF_STOCK_SKUS = ['TEN-CAS-BR-40', 'JAQ-JNS-AC-M'];
export const DEMO_LOW_STOCK_SKUS = ['CAM-BAS-PT-M', 'CAL-JSL-AZ-40', 'VES-MID-ES-P'];

export function demoProducts(): NewProduct[] {
  const random = seededRandom(2024);
  const products: NewProduct[] = [];
  for (const model of MODELS) {
    for (const [colorCode, color] of model.colors) {
      for (const size of model.sizes) {
        const sku = `${model.code}-${colorCode}${size === 'Único' ? '' : `-${size}`}`;
        const minimum = 3 + Math.floor(random() * 6);
        let stock = minimum + Math.floor(random() * 30);
        if (DEMO_OUT_OF_STOCK_SKUS.includes(sku)) stock = 0;
        else if (DEMO_LOW_STOCK_SKUS.includes(sku)) stock = Math.max(1, minimum - 2);
        products.push({
          sku,
          name: model.name,
          size,
          color,
          // EAN-13s of the demo (789: GS1 Brasil's prefix), so the till's scanner can be tried.
          barcode: withGtinCheckDigit(`7890000${String(products.length + 1).padStart(5, '0')}`),
          current_stock: stock,
          minimum_stock: minimum,
          cost_price: model.cost,
          sale_price: model.sale,
          active: true,
        });
      }
    }
  }
  return products;
}

const PEOPLE = [
  'Ana Beatriz Souza',
  'Bruno Henrique Lima',
  'Camila Ferreira Santos',
  'Diego Alves Pereira',
  'Eduarda Oliveira Costa',
  'Fábio Rodrigues Martins',
  'Gabriela Carvalho Rocha',
  'Henrique Barbosa Nunes',
  'Isabela Mendes Araújo',
  'João Pedro Ribeiro',
  'Larissa Gomes Teixeira',
  'Marcos Vinícius Dias',
  'Natália Cardoso Freitas',
  'Otávio Moreira Pinto',
  'Patrícia Azevedo Lopes',
  'Rafael Castro Monteiro',
  'Sabrina Correia Vieira',
  'Thiago Nascimento Melo',
  'Vanessa Cunha Batista',
  'Wagner Farias Moura',
];

const COMPANIES = [
  'Boutique Flor de Lis Ltda',
  'Calçados Passo Certo ME',
  'Uniformes Bom Trabalho Ltda',
  'Ateliê Costura Fina EIRELI',
  'Moda Nova Geração Comércio Ltda',
];

/** Where the customers live: city, state, CEP and the phone's area code. */
export const DEMO_PLACES: [city: string, state: string, zip: string, ddd: string][] = [
  ['São Paulo', 'SP', '01310100', '11'],
  ['Campinas', 'SP', '13010111', '19'],
  ['Rio de Janeiro', 'RJ', '20040002', '21'],
  ['Belo Horizonte', 'MG', '30130110', '31'],
  ['Curitiba', 'PR', '80010000', '41'],
  ['Porto Alegre', 'RS', '90010150', '51'],
  ['Salvador', 'BA', '40020000', '71'],
  ['Recife', 'PE', '50030230', '81'],
  ['Fortaleza', 'CE', '60060440', '85'],
  ['Goiânia', 'GO', '74003010', '62'],
  ['Florianópolis', 'SC', '88010400', '48'],
];

const STREETS = [
  'Rua das Flores',
  'Avenida Brasil',
  'Rua XV de Novembro',
  'Rua Sete de Setembro',
  'Avenida Paulista',
  'Rua da Aurora',
];

function digits(random: () => number, n: number): string {
  return Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
}

function emailOf(name: string, domain: string): string {
  const [first, ...rest] = foldText(name).split(' ');
  return `${first}.${rest.at(-1)}@${domain}`;
}

/** A fixed alphanumeric CNPJ (the format valid from July 2026). */
export const DEMO_ALPHANUMERIC_CNPJ_BASE = '12ABC34501DE';

export function demoCustomers(): CustomerCreate[] {
  const random = seededRandom(1500);
  const customers: CustomerCreate[] = [];
  PEOPLE.forEach((name, i) => {
    const [city, state, zip, ddd] = DEMO_PLACES[i % DEMO_PLACES.length]!;
    const base = `${1 + Math.floor(random() * 9)}${digits(random, 8)}`;
    customers.push({
      name,
      // Some customers left e-mail or phone blank: the list shows '-'.
      email: i % 5 === 3 ? null : emailOf(name, i % 2 ? 'gmail.com' : 'email.com.br'),
      phone: i % 7 === 5 ? null : `(${ddd}) 9${digits(random, 4)}-${digits(random, 4)}`,
      document: base + cpfCheckDigits(base),
      address: `${STREETS[i % STREETS.length]}, ${10 + Math.floor(random() * 1900)}`,
      city,
      state,
      zip_code: zip,
      active: true,
    });
  });
  COMPANIES.forEach((name, i) => {
    const [city, state, zip, ddd] = DEMO_PLACES[(i * 3 + 1) % DEMO_PLACES.length]!;
    const base = i === 0 ? DEMO_ALPHANUMERIC_CNPJ_BASE : `${1 + Math.floor(random() * 9)}${digits(random, 7)}0001`;
    customers.push({
      name,
      email: `contato@${foldText(name.split(' ')[1]!)}.com.br`,
      phone: `(${ddd}) 3${digits(random, 3)}-${digits(random, 4)}`,
      document: base + cnpjCheckDigits(base),
      address: `${STREETS[(i + 2) % STREETS.length]}, ${100 + Math.floor(random() * 900)} - Sala ${1 + i}`,
      city,
      state,
      zip_code: zip,
      active: true,
    });
  });
  return customers;
}
