import { Link } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { StateView } from '@/ui/state-view.tsx';

/** An address that is no page of the portal. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="页面不存在" />
      <main className="page-body">
        <StateView
          kind="missing"
          title="没有找到这个页面"
          description="链接可能有误，或页面已经下线。"
        >
          <Link className="link-button primary" to={paths.home}>
            回到首页
          </Link>
        </StateView>
      </main>
    </>
  );
}
