import type { DeliveryRequestCard, DeliveryResourceCard, DeliveryStatus } from '@portal/contract';
import { DELIVERY_KIND_LABELS, DELIVERY_STATUS_LABELS } from '@portal/contract/constants';
import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';

/** A request's status as a coloured badge (已提交, 已受理...). */
export function StatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`delivery-status ${status}`}>{DELIVERY_STATUS_LABELS[status]}</span>;
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
        className="boxed delivery-card"
        priority={priority}
      >
        <CardLine>
          <span className={`delivery-kind ${resource.kind}`}>
            {DELIVERY_KIND_LABELS[resource.kind]}
          </span>
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
        className="boxed delivery-card"
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
