import type { MessageKind } from '@portal/contract';
import { MESSAGE_KIND_LABELS } from '@portal/contract/constants';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';

/** Reminders stand out amber, notices red, check-ins green; the rest in the site's colour. */
const kindTone: Partial<Record<MessageKind, BadgeTone>> = {
  reminder: 'amber',
  notice: 'red',
  checkin: 'green',
};

/** A message's kind (报名, 提醒, 通知...) as a label tag. */
export function MessageKindBadge({ kind }: { kind: MessageKind }) {
  return (
    <Badge tone={kindTone[kind]} square quiet>
      {MESSAGE_KIND_LABELS[kind]}
    </Badge>
  );
}
