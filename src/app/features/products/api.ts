// Products data: query keys, the full catalogue (paged through), and mutations that
// update the cached list locally (spec §4: append, replace, remove).
import { useQuery } from '@tanstack/react-query';
import {
  ProductCreateSchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  ProductUpdateSchema,
  type Product,
  type ProductCreate,
  type ProductUpdate,
} from '../../../shared/contract/products';
import { recordCalls, useCachedListChange, useCachedListDelete } from '../../lib/whole-list';

export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
};

const products = recordCalls('products', {
  list: ProductListResponseSchema,
  one: ProductResponseSchema,
  create: ProductCreateSchema,
  update: ProductUpdateSchema,
});

/** Every product of the store. */
export function useProducts() {
  return useQuery({ queryKey: productKeys.list(), queryFn: products.fetchAll });
}

export function useCreateProduct() {
  return useCachedListChange(productKeys.list(), 'append', (value: ProductCreate) => products.create(value));
}

export function useUpdateProduct() {
  return useCachedListChange(productKeys.list(), 'replace', ({ id, value }: { id: string; value: ProductUpdate }) =>
    products.update(id, value),
  );
}

export function useDeleteProduct() {
  return useCachedListDelete<Product>(productKeys.list(), products.remove);
}
