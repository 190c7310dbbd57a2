import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupplierFormInput } from '@kehila/shared';
import { ApiRequestError } from '../../api/client';
import { routes } from '../../api/routes';
import { useCallApi } from '../../api/use-call-api';
import { useToast } from '../../components/toast/use-toast';
import { SUPPLIERS_TEXTS } from './suppliers-texts';

/** Suppliers fetched per page. */
export const SUPPLIERS_PAGE_SIZE = 24;

/** Query keys of the screen; every supplier query of a community starts with `['suppliers', communityId]`. */
export const suppliersKeys = {
  all: (communityId: string) => ['suppliers', communityId] as const,
  list: (communityId: string, q: string, type: string | null) => ['suppliers', communityId, 'list', q, type] as const,
  ai: (communityId: string, q: string) => ['suppliers', communityId, 'ai', q] as const,
  drafts: (communityId: string) => ['suppliers', communityId, 'drafts'] as const,
};

/** The value `delay` ms after it last changed (S3 §9: the search waits 300 ms). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
}

/** The Browse tab's list, filtered on the server, page by page. */
export function useSupplierList(communityId: string, q: string, serviceType: string | null, enabled: boolean) {
  const callApi = useCallApi();
  return useInfiniteQuery({
    queryKey: suppliersKeys.list(communityId, q, serviceType),
    queryFn: ({ pageParam, signal }) =>
      callApi(routes.listSuppliers, {
        params: { communityId },
        query: {
          limit: SUPPLIERS_PAGE_SIZE,
          ...(q ? { q } : {}),
          ...(serviceType ? { service_type: serviceType } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** AI search (S3 §5: only for a query longer than 2 characters). */
export function useSupplierAiSearch(communityId: string, q: string, enabled: boolean) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: suppliersKeys.ai(communityId, q),
    queryFn: ({ signal }) => callApi(routes.searchSuppliers, { params: { communityId }, query: { q }, signal }),
    enabled,
    retry: false,
  });
}

/** Proposed recommendations (admins only; the server refuses anyone else). */
export function useSupplierDrafts(communityId: string, enabled: boolean) {
  const callApi = useCallApi();
  return useQuery({
    queryKey: suppliersKeys.drafts(communityId),
    queryFn: ({ signal }) => callApi(routes.listSupplierDrafts, { params: { communityId }, signal }),
    enabled,
  });
}

/** The first message of a refused form, when the server said why (a 400 carries the S3 §5 text). */
export function refusalOf(err: unknown): string | null {
  return err instanceof ApiRequestError && err.status >= 400 && err.status < 500 ? err.message : null;
}

/** Every change of the screen, with its toasts; each success refetches the community's suppliers. */
export function useSupplierChanges(communityId: string) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: suppliersKeys.all(communityId) });

  const create = useMutation({
    mutationFn: (body: SupplierFormInput) => callApi(routes.createSupplier, { params: { communityId }, body }),
    onSuccess: async () => {
      toast.success(SUPPLIERS_TEXTS.added);
      await refresh();
    },
    onError: (err) => toast.error(refusalOf(err) ?? SUPPLIERS_TEXTS.addFailed),
  });

  const update = useMutation({
    mutationFn: (v: { supplierId: string; body: SupplierFormInput }) =>
      callApi(routes.updateSupplier, { params: { communityId, supplierId: v.supplierId }, body: v.body }),
    onSuccess: async () => {
      toast.success(SUPPLIERS_TEXTS.updated);
      await refresh();
    },
    onError: (err) => toast.error(refusalOf(err) ?? SUPPLIERS_TEXTS.updateFailed),
  });

  const remove = useMutation({
    mutationFn: (supplierId: string) => callApi(routes.deleteSupplier, { params: { communityId, supplierId } }),
    onSuccess: async () => {
      toast.success(SUPPLIERS_TEXTS.deleted);
      await refresh();
    },
    onError: (err) => toast.error(refusalOf(err) ?? SUPPLIERS_TEXTS.deleteFailed),
  });

  const processAll = useMutation({
    mutationFn: () => callApi(routes.processSupplierEmbeddings, { params: { communityId } }),
    onSuccess: async ({ processed }) => {
      toast.success(processed > 0 ? SUPPLIERS_TEXTS.processed(processed) : SUPPLIERS_TEXTS.nothingToProcess);
      await refresh();
    },
    onError: () => toast.error(SUPPLIERS_TEXTS.embeddingsFailed),
  });

  const accept = useMutation({
    mutationFn: (draftId: string) => callApi(routes.acceptSupplierDraft, { params: { communityId, draftId } }),
    onSuccess: async () => {
      toast.success(SUPPLIERS_TEXTS.drafts.accepted);
      await refresh();
    },
    onError: (err) => toast.error(refusalOf(err) ?? SUPPLIERS_TEXTS.drafts.failed),
  });

  const dismiss = useMutation({
    mutationFn: (draftId: string) => callApi(routes.dismissSupplierDraft, { params: { communityId, draftId } }),
    onSuccess: async () => {
      toast.success(SUPPLIERS_TEXTS.drafts.dismissed);
      await refresh();
    },
    onError: (err) => toast.error(refusalOf(err) ?? SUPPLIERS_TEXTS.drafts.failed),
  });

  return { create, update, remove, processAll, accept, dismiss };
}
