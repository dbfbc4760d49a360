import type { DeliveryResourceDetail } from '@portal/contract';
import { DELIVERY_KIND_LABELS } from '@portal/contract/constants';
import { useNavigate } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { DetailPage, useDetailById } from '@/ui/detail-page.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { deliveryResourceQueryOptions, useCreateDeliveryRequest } from '../api/delivery.ts';
import { RequestForm } from '../components/request-form.tsx';
import '../delivery.css';

function Needs({ resource }: { resource: DeliveryResourceDetail }) {
  const rows: Array<[string, string]> = [
    ['类型', DELIVERY_KIND_LABELS[resource.kind]],
    ['适合人数', `${resource.audienceMin}–${resource.audienceMax} 人`],
    ['场地要求', resource.room || '无特殊要求'],
    ['设备要求', resource.equipment || '无特殊要求'],
    ['提前预约', `至少提前 ${resource.leadDays} 天`],
  ];
  return (
    <dl className="delivery-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

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
        <main className="page-body delivery-page">
          <img className="delivery-cover" src={resource.cover} alt="" width={640} height={360} />
          <section className="delivery-panel">
            <h2 className="delivery-title">{resource.title}</h2>
            {resource.lecturerName ? (
              <p className="delivery-lecturer">
                {resource.lecturerName}
                {resource.lecturerTitle ? ` · ${resource.lecturerTitle}` : ''}
                {resource.lecturerTopics.length > 0
                  ? `　擅长：${resource.lecturerTopics.join('、')}`
                  : ''}
              </p>
            ) : null}
            {resource.tags.length > 0 ? (
              <p className="delivery-tags">
                {resource.tags.map((tag) => (
                  <span key={tag} className="delivery-tag">
                    {tag}
                  </span>
                ))}
              </p>
            ) : null}
            <Needs resource={resource} />
            <RichHtml html={resource.intro} />
          </section>
          <section className="delivery-panel" aria-label="申请配送">
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
          </section>
        </main>
      )}
    </DetailPage>
  );
}
