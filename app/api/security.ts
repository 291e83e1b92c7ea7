import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IpBlockCreate } from '../../core/schemas/security';
import { api } from './client';

export type IpBlock = { id: number; address: string; blocked_by: string; created_at: string };
export type IpBlockList = { blocks: IpBlock[]; your_ip: string };
export type AuditLogEntry = {
  id: number;
  admin_username: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
  created_at: string;
};
export type AuditLogPage = { entries: AuditLogEntry[]; next_before: number | null };
export type AuditLogFilter = { admin?: string; action?: string };

export const ipBlocksKey = ['admin', 'ip-blocks'] as const;
export const auditLogRootKey = ['admin', 'audit-log'] as const;

export function useIpBlocks() {
  return useQuery({ queryKey: ipBlocksKey, queryFn: () => api.get<IpBlockList>('/api/admin/ip-blocks') });
}

function useSecurityWrite<V, R>(write: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ipBlocksKey }),
        queryClient.invalidateQueries({ queryKey: auditLogRootKey }),
      ]);
    },
  });
}

export const useBlockIp = () => useSecurityWrite((body: IpBlockCreate) => api.post<IpBlock>('/api/admin/ip-blocks', body));
export const useUnblockIp = () => useSecurityWrite((id: number) => api.delete<IpBlock>(`/api/admin/ip-blocks/${id}`));

const AUDIT_PAGE = 25;

/** Newest first; each further page starts before the last entry shown. */
export function useAuditLog(filter: AuditLogFilter) {
  return useInfiniteQuery({
    queryKey: [...auditLogRootKey, 'entries', filter],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(AUDIT_PAGE) });
      if (pageParam !== null) params.set('before', String(pageParam));
      if (filter.admin) params.set('admin', filter.admin);
      if (filter.action) params.set('action', filter.action);
      return api.get<AuditLogPage>(`/api/admin/audit-log?${params}`);
    },
    getNextPageParam: (last) => last.next_before,
  });
}

export function useAuditLogFilters() {
  return useQuery({
    queryKey: [...auditLogRootKey, 'filters'],
    queryFn: () => api.get<{ admins: string[]; actions: string[] }>('/api/admin/audit-log/filters'),
  });
}
