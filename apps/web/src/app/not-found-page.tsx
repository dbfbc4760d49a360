import { PageHeader } from '@/ui/page-header.tsx';
import { HOME_WAY, PageState } from '@/ui/state-view.tsx';

/** An address that is no page of the portal. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="页面不存在" />
      <PageState
        kind="missing"
        title="没有找到这个页面"
        description="链接可能有误，或页面已经下线。"
        way={HOME_WAY}
      />
    </>
  );
}
