import type { AuditEntry, AuditExport, AuditQuery, Page } from '@portal/contract';
import { get } from '@/api/client.ts';
import { saveBlob } from '@/api/save-file.ts';

export const auditKeys = {
  list: (query: Partial<AuditQuery>) => ['audit', query] as const,
};

export const listAudit = (query: Partial<AuditQuery>) =>
  get<Page<AuditEntry>>('/api/admin/audit', query);
export const exportAudit = (query: Partial<AuditQuery>) =>
  get<AuditExport>('/api/admin/audit/export', { ...query, page: undefined, size: undefined });

/** Saves the export as a file the browser downloads. */
export function download(file: AuditExport) {
  saveBlob(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }), file.filename);
}
