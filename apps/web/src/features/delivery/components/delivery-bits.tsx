import type {
  DeliveryKind,
  DeliveryRequestCard,
  DeliveryResourceCard,
  DeliveryStatus,
} from '@portal/contract';
import { DELIVERY_KIND_LABELS, DELIVERY_STATUS_LABELS } from '@portal/contract/constants';
import { href } from '@/platform/paths.ts';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { Fact, Facts } from '@/ui/facts.tsx';

/** Each status its own colour: under way blue, waiting on the staff amber, booked green... */
const statusTone: Record<DeliveryStatus, BadgeTone> = {
  submitted: 'blue',
  accepted: 'amber',
  scheduled: 'green',
  completed: 'grey',
  rejected: 'red',
  withdrawn: 'grey',
};

const kindTone: Record<DeliveryKind, BadgeTone> = {
  lecturer: 'blue',
  course: 'green',
  kit: 'amber',
  exhibition: 'purple',
};

/** A request's status as a coloured badge (已提交, 已受理...). */
export function StatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge tone={statusTone[status]} className="delivery-status">
      {DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A resource's kind as a label tag (讲师, 送课...). */
function KindTag({ kind }: { kind: DeliveryKind }) {
  return (
    <Badge tone={kindTone[kind]} square quiet className="delivery-kind">
      {DELIVERY_KIND_LABELS[kind]}
    </Badge>
  );
}

/** Label / value rows: what a resource needs, what a request asks for. */
export function FactRows({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <Facts look="plain">
      {rows.map(([label, value]) => (
        <Fact key={label} label={label}>
          {value}
        </Fact>
      ))}
    </Facts>
  );
}

/** A resource in the catalogue: cover, kind, audience range and lead time. */
export function ResourceItem({
  resource,
  priority,
}: {
  resource: DeliveryResourceCard;
  priority: boolean;
}) {
  return (
    <li>
      <ContentCard
        to={href('deliveryResource', { id: resource.id })}
        cover={resource.cover}
        title={resource.title}
        className="boxed"
        priority={priority}
      >
        <CardLine>
          <KindTag kind={resource.kind} />
          {resource.lecturerName ? ` ${resource.lecturerName}` : null}
        </CardLine>
        <CardLine>
          {resource.audienceMin}–{resource.audienceMax} 人 · 提前 {resource.leadDays} 天预约
        </CardLine>
      </ContentCard>
    </li>
  );
}

/** A request in 我的申请 or 待处理: what, when, for whom, and its status. */
export function RequestItem({ request }: { request: DeliveryRequestCard }) {
  return (
    <li>
      <ContentCard
        to={href('deliveryRequest', { id: request.id })}
        cover={request.cover}
        title={request.resourceTitle}
        className="boxed"
      >
        <CardLine>
          <StatusBadge status={request.status} /> {request.date}
        </CardLine>
        <CardLine>
          {request.organisation} · {request.audience} 人
        </CardLine>
      </ContentCard>
    </li>
  );
}
