import { useSearchParams } from 'react-router';
import { PageHeader } from '@/ui/page-header.tsx';
import { WalkDetailView } from '../components/walk-detail.tsx';
import { WalkList } from '../components/walk-list.tsx';
import '../walks.css';

/** `/Rwxz`: the humanities walks; `/Rwxz?id=` opens one route. */
export function HumanitiesWalksPage() {
  const [params] = useSearchParams();
  if (params.get('id')) return <WalkDetailView />;
  return (
    <>
      <PageHeader />
      <main className="page-body walk-page">
        <p className="detail-meta">跟着路线走街串巷，到站打卡，听静安的老故事。</p>
        <WalkList />
      </main>
    </>
  );
}
