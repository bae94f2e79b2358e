// Products data: query keys, the full catalogue (paged through), and mutations that
// update the cached list locally (spec §4: append, replace, remove).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AckSchema } from '../../../shared/contract/common';
import {
  ProductCreateSchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  ProductUpdateSchema,
  type Product,
  type ProductCreate,
  type ProductUpdate,
} from '../../../shared/contract/products';
import { api } from '../../lib/api';
import { fetchEveryPage, updateCachedList } from '../../lib/whole-list';

export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
};

/** Every product of the store. */
export function fetchAllProducts(): Promise<Product[]> {
  return fetchEveryPage(ProductListResponseSchema, '/products', (data) => data.products);
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
    onSuccess: (product) => updateCachedList<Product>(queryClient, productKeys.list()).append(product),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: ProductUpdate }) => updateProduct(id, value),
    onSuccess: (product) => updateCachedList<Product>(queryClient, productKeys.list()).replace(product),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_void, id) => updateCachedList<Product>(queryClient, productKeys.list()).remove(id),
  });
}
