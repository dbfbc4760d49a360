import type { MyClass } from '@portal/contract';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { useMyClasses } from '@/platform/queries/my-classes.ts';
import { ActionRow } from '@/ui/actions.tsx';
import { StatusBadge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { SignupBadge, SignupNote } from '@/ui/signup-status.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { ClassCancel } from '../components/class-cancel.tsx';

function MyClassItem({ klass }: { klass: MyClass }) {
  const signup = klass.mySignup;
  return (
    <Panel as="li" compact stack className="my-class">
      <ContentCard to={href('classDetail', { id: klass.id })} cover={null} title={klass.title}>
        <span className="content-card-tags">
          <SignupBadge signup={signup} />
          <StatusBadge status={klass.status} square />
        </span>
        <CardLine>
          {klass.schedule} · {klass.place}
        </CardLine>
      </ContentCard>
      <SignupNote signup={signup} />
      {klass.canCancel ? (
        <ActionRow>
          <ClassCancel
            classId={klass.id}
            title={klass.title}
            waiting={signup.status === 'waiting'}
          />
        </ActionRow>
      ) : null}
    </Panel>
  );
}

/**
 * `/myClassroom`: the classes I signed up for, each with where my sign-up stands (已报名, 待审核,
 * 候补第 N 位, 未通过 with the reason) and cancel while their signup is open.
 */
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
