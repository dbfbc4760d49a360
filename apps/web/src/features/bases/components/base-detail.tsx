import type { BaseDetail } from '@portal/contract';
import { PICTURE_SIZES, pictureSources } from '@portal/contract/constants';
import { useState } from 'react';
import { paths } from '@/platform/paths.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { DetailPage, useDetailById } from '@/ui/detail-page.tsx';
import { Fact, Facts } from '@/ui/facts.tsx';
import { Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { baseDetailQueryOptions } from '../api/bases.ts';
import { SlotPicker } from './slot-picker.tsx';

function BaseBody({ base }: { base: BaseDetail }) {
  const [open, setOpen] = useState<number | null>(base.programmes[0]?.id ?? null);
  return (
    <main className="page-body base-page">
      {base.photos.length > 0 ? (
        <section className="base-photos" aria-label="基地照片">
          {base.photos.map((photo) => (
            <img
              key={photo}
              {...pictureSources(photo, PICTURE_SIZES.wide)}
              src={photo}
              alt={`${base.name}照片`}
            />
          ))}
        </section>
      ) : null}
      <Panel title={base.name} stack>
        <Facts look="plain">
          <Fact label="地址">
            {base.street} · {base.address}
          </Fact>
          {base.hours.length > 0 ? <Fact label="开放时间">{base.hours.join('；')}</Fact> : null}
          {base.phone ? (
            <Fact label="电话">
              <a className="inline-link" href={`tel:${base.phone}`}>
                {base.phone}
              </a>
            </Fact>
          ) : null}
        </Facts>
        {base.intro ? <RichHtml html={base.intro} /> : null}
      </Panel>
      <Panel title="参观项目" stack>
        {base.programmes.length === 0 ? <p className="detail-meta">暂无参观项目</p> : null}
        {base.programmes.map((programme) => (
          <article key={programme.id} className="programme">
            <h3>{programme.title}</h3>
            <p className="detail-meta">
              约 {programme.durationMinutes} 分钟 · 适合{programme.audience} · 每次最多{' '}
              {programme.maxParty} 人
            </p>
            <RichHtml html={programme.intro} />
            {open === programme.id ? (
              <SlotPicker baseName={base.name} programme={programme} />
            ) : (
              <button
                type="button"
                className="link-button primary block"
                onClick={() => setOpen(programme.id)}
              >
                选择场次预约
              </button>
            )}
          </article>
        ))}
      </Panel>
    </main>
  );
}

/** `/Tiyan?id=<place id>`: a base, its programmes and the slot picker. */
export function BaseDetailView() {
  const detail = useDetailById(baseDetailQueryOptions);
  return (
    <DetailPage
      detail={detail}
      missing={{
        what: '体验基地',
        description: '看看其他体验基地吧。',
        way: { to: paths.experienceBases, label: '体验基地' },
      }}
      actions={(base) => <ShareButton title={base.name} pic={base.cover ?? undefined} />}
    >
      {(base) => <BaseBody base={base} />}
    </DetailPage>
  );
}
