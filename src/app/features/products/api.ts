// Products data: query keys, the full catalogue (paged through), and mutations that
// update the cached list locally (spec §4: append, replace, remove).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../shared/constants';
import { AckSchema } from '../../../shared/contract/common';
import {
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  ProductUpdateSchema,
  type Product,
  type ProductCreate,
  type ProductUpdate,
} from '../../../shared/contract/products';
import { api } from '../../lib/api';

export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
};

const PageQuerySchema = ProductListQuerySchema.pick({ page: true, limit: true });

/** Every product of the store: the server caps a page at MAX_PAGE_SIZE. */
export async function fetchAllProducts(): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const query = z.encode(PageQuerySchema, { page, limit: MAX_PAGE_SIZE });
    const { data } = await api.get(ProductListResponseSchema, '/products', { query });
    products.push(...data.products);
    if (page >= data.pagination.totalPages || data.products.length === 0) return products;
  }
}

export function createProduct(value: ProductCreate): Promise<Product> {
  return api.post(ProductResponseSchema, '/products', z.encode(ProductCreateSchema, value)).then((r) => r.data);
}

export function updateProduct(id: string, value: ProductUpdate): Promise<Product> {
  return api.put(ProductResponseSchema, `/products/${id}`, z.encode(ProductUpdateSchema, value)).then((r) => r.data);
}

export function deleteProduct(id: string): Promise<void> {
  return api.delete(AckSchema, `/products/${id}`).then(() => undefined);
}

export function useProducts() {
  return useQuery({ queryKey: productKeys.list(), queryFn: fetchAllProducts });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) =>
      queryClient.setQueryData<Product[]>(productKeys.list(), (old) => (old ? [...old, product] : old)),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: ProductUpdate }) => updateProduct(id, value),
    onSuccess: (product) =>
      queryClient.setQueryData<Product[]>(productKeys.list(), (old) =>
        old?.map((p) => (p.id === product.id ? product : p)),
      ),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_void, id) =>
      queryClient.setQueryData<Product[]>(productKeys.list(), (old) => old?.filter((p) => p.id !== id)),
  });
}
