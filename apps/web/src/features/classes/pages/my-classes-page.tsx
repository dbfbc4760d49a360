import type { MyClass } from '@portal/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { useMyClasses } from '@/platform/queries/my-classes.ts';
import { ApiError } from '@/platform/request.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { StatusBadge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useClassCancel } from '../api/class-signup.ts';

function MyClassItem({ klass }: { klass: MyClass }) {
  const cancel = useClassCancel();
  const [confirming, setConfirming] = useState(false);
  const handleCancel = () => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    cancel.mutate(klass.id);
  };
  return (
    <Panel as="li" compact stack className="my-class">
      <ContentCard to={href('classDetail', { id: klass.id })} cover={null} title={klass.title}>
        <StatusBadge status={klass.status} />
        <CardLine>
          {klass.schedule} · {klass.place}
        </CardLine>
      </ContentCard>
      {klass.canCancel ? (
        <ActionRow>
          <Button
            size="middle"
            color={confirming ? 'danger' : 'default'}
            loading={cancel.isPending}
            onClick={handleCancel}
          >
            {confirming ? '确认取消报名' : '取消报名'}
          </Button>
          {confirming ? (
            <button type="button" className="text-button" onClick={() => setConfirming(false)}>
              不取消了
            </button>
          ) : null}
        </ActionRow>
      ) : null}
      {cancel.error instanceof ApiError ? (
        <p className="signup-error" role="alert">
          {cancel.error.message}
        </p>
      ) : null}
    </Panel>
  );
}

/** `/myClassroom`: the classes I signed up for, with cancel while their signup is open. */
export function MyClassesPage() {
  return (
    <>
      <PageHeader />
      <main className="page-body">
        <PagedList
          query={useMyClasses()}
          empty={
            <StateView
              kind="empty"
              title="还没有报名班级"
              description="去首页看看正在报名的班级吧。"
            >
              <Link className="link-button primary" to={paths.home}>
                去首页看看
              </Link>
            </StateView>
          }
        >
          {(klass) => <MyClassItem key={klass.id} klass={klass} />}
        </PagedList>
      </main>
    </>
  );
}
