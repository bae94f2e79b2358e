// The store as receipts print it (GET /api/company/receipt-header, everyone signed in).
// Fetched when the till opens; the query cache keeps it on the device, so a receipt
// printed offline still carries the store's name, CNPJ, address and phone.
import { useQuery } from '@tanstack/react-query';
import { ReceiptHeaderResponseSchema, type ReceiptHeader } from '../../shared/contract/company';
import { api } from './api';

export const receiptHeaderKey = ['company', 'receipt-header'] as const;

export function fetchReceiptHeader(): Promise<ReceiptHeader> {
  return api.get(ReceiptHeaderResponseSchema, '/company/receipt-header').then((r) => r.data);
}

export function useReceiptHeader() {
  return useQuery({ queryKey: receiptHeaderKey, queryFn: fetchReceiptHeader });
}
