import type { CampaignRow } from '@portal/contract';
import { CAMPAIGN_STATE_NAMES, type CampaignState } from '@portal/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { formatTime } from '@/ui/format.ts';
import { cancelCampaign, messageKeys } from './api.ts';

/** Filled tags, white text on a dark shade: 4.5:1 at least (as `StatusTag`). */
const COLORS: Record<CampaignState, string> = {
  scheduled: '#0958d9',
  sending: '#ad4e00',
  sent: '#237804',
  cancelled: '#595959',
};

/** Where a notice is: 待发送, 发送中, 已发送 or 已取消. */
export function CampaignStateTag({ state }: { state: CampaignState }) {
  return <Tag color={COLORS[state]}>{CAMPAIGN_STATE_NAMES[state]}</Tag>;
}

/** When a notice went out, or is to: `定时 12-01 09:00` while it waits. */
export function sendTimeOf(row: Pick<CampaignRow, 'state' | 'sendAt' | 'sentAt'>): string {
  if (row.sentAt) return formatTime(row.sentAt);
  if (row.state === 'scheduled') return `定时 ${formatTime(row.sendAt)}`;
  if (row.state === 'cancelled') return `原定 ${formatTime(row.sendAt)}`;
  return formatTime(row.sendAt);
}

/**
 * 取消发送 of a notice waiting for its time, asked first; the lists, the notice and the audit log
 * refresh after. A refusal (it went out meanwhile) is told by a toast.
 */
export function useCancelCampaign() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: (row: CampaignRow) => cancelCampaign(row.id),
    onSuccess: (_, row) => {
      message.success(`已取消「${row.title}」的定时发送`);
    },
    onError: (error) => message.error(error.message),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: messageKeys.all }),
        client.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
  const ask = (row: CampaignRow) =>
    modal.confirm({
      title: `取消「${row.title}」的定时发送？`,
      content: `这条消息原定 ${formatTime(row.sendAt)} 发送给${row.audience.label}。取消后不会发出，也不能恢复。`,
      okText: '取消发送',
      okButtonProps: { danger: true },
      cancelText: '不取消',
      onOk: () => cancel.mutateAsync(row).catch(() => undefined),
    });
  return { ask, pending: cancel.isPending };
}
