import { PageHeader } from '@/ui/page-header.tsx';
import { usePageTitle } from '@/ui/page-title.ts';
import { HOME_WAY, PageState } from '@/ui/state-view.tsx';

/** The one page every route whose content area is not built yet shows (see under-construction.ts). */
export function UnderConstructionPage({ inIndex = false }: { inIndex?: boolean }) {
  const title = usePageTitle();
  return (
    <>
      {inIndex ? null : <PageHeader />}
      <PageState
        kind="building"
        title="建设中"
        description={`“${title}”栏目正在建设中，敬请期待。`}
        way={HOME_WAY}
      />
    </>
  );
}
