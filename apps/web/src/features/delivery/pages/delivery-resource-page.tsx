import type { DeliveryResourceDetail } from '@portal/contract';
import { DELIVERY_KIND_LABELS } from '@portal/contract/constants';
import { useNavigate } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';
import { DetailPage, useDetailById } from '@/ui/detail-page.tsx';
import { DetailCover, Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { deliveryResourceQueryOptions, useCreateDeliveryRequest } from '../api/delivery.ts';
import { FactRows } from '../components/delivery-bits.tsx';
import { RequestForm } from '../components/request-form.tsx';
import '../delivery.css';

/** What a resource needs of the place that asks for it. */
const needsOf = (resource: DeliveryResourceDetail): Array<[string, string]> => [
  ['类型', DELIVERY_KIND_LABELS[resource.kind]],
  ['适合人数', `${resource.audienceMin}–${resource.audienceMax} 人`],
  ['场地要求', resource.room || '无特殊要求'],
  ['设备要求', resource.equipment || '无特殊要求'],
  ['提前预约', `至少提前 ${resource.leadDays} 天`],
];

/** `/zypsDetails?id=`: a deliverable resource, what it needs, and the 申请配送 form. */
export function DeliveryResourcePage() {
  const detail = useDetailById(deliveryResourceQueryOptions);
  const create = useCreateDeliveryRequest();
  const navigate = useNavigate();
  return (
    <DetailPage
      detail={detail}
      missing={{ what: '配送资源', way: { to: paths.delivery, label: '回到资源配送' } }}
    >
      {(resource) => (
        <main className="panel-page delivery-page">
          <DetailCover src={resource.cover} width={640} height={360} />
          <Panel stack>
            <h2 className="detail-title">{resource.title}</h2>
            {resource.lecturerName ? (
              <p className="detail-meta">
                {resource.lecturerName}
                {resource.lecturerTitle ? ` · ${resource.lecturerTitle}` : ''}
                {resource.lecturerTopics.length > 0
                  ? `　擅长：${resource.lecturerTopics.join('、')}`
                  : ''}
              </p>
            ) : null}
            {resource.tags.length > 0 ? (
              <div className="badge-row">
                {resource.tags.map((tag) => (
                  <Badge key={tag} square quiet>
                    {tag}
                  </Badge>
                ))}
              </div>
            ) : null}
            <FactRows rows={needsOf(resource)} />
            <RichHtml html={resource.intro} />
          </Panel>
          <Panel title="申请配送">
            <RequestForm
              resource={resource}
              pending={create.isPending}
              error={create.error}
              onSubmit={(body) =>
                create.mutate(body, {
                  onSuccess: (request) =>
                    navigate(href('deliveryRequest', { id: request.id }), { replace: true }),
                })
              }
            />
          </Panel>
        </main>
      )}
    </DetailPage>
  );
}
