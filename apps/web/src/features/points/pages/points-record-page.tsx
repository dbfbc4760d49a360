import type { PointsLedgerEntry, PointsLedgerType } from '@portal/contract';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList, pagedItems } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { TabList, tabId } from '@/ui/tabs.tsx';
import { usePointsLedger, usePointsSummary } from '../api/points.ts';
import { ledgerDayHeading, signedPoints } from '../components/ledger-day.ts';
import { PointsHead } from '../components/points-head.tsx';
import '@/ui/panel.css';
import '../points.css';

type Tab = PointsLedgerType | 'all';

const TABS: ReadonlyArray<{ key: Tab; label: string }> = [
  { key: 'all', label: '全部' },
  { key: 'earned', label: '获得' },
  { key: 'spent', label: '消费' },
];

const typeParam = (value: string | null): PointsLedgerType | undefined =>
  value === 'earned' || value === 'spent' ? value : undefined;

const emptyText = {
  all: { title: '还没有积分记录', description: '每日登录、学习课程、参加活动都能获得积分。' },
  earned: { title: '还没有获得积分', description: '完成今日任务即可获得积分。' },
  spent: { title: '还没有消费积分', description: '使用积分的记录会出现在这里。' },
};

function LedgerRow({ entry }: { entry: PointsLedgerEntry }) {
  return (
    <div className="points-row points-entry">
      <div className="points-row-main">
        <p className="points-entry-name">{entry.ruleName}</p>
        {entry.title ? <p className="points-entry-title">{entry.title}</p> : null}
        <p className="points-row-note">
          {formatDate(entry.createdAt, 'hh:mm')} · 余额 {entry.balanceAfter}
        </p>
      </div>
      <span className={entry.amount > 0 ? 'points-entry-amount' : 'points-entry-amount spent'}>
        {signedPoints(entry.amount)}
      </span>
    </div>
  );
}

function LedgerList({ type, today }: { type: PointsLedgerType | undefined; today: string }) {
  const query = usePointsLedger(type);
  const { list } = pagedItems(query);
  const text = emptyText[type ?? 'all'];
  return (
    <PagedList
      query={query}
      className="panel points-ledger"
      empty={
        <StateView kind="empty" title={text.title} description={text.description}>
          <Link className="link-button primary" to={paths.pointsTasks}>
            去做任务
          </Link>
        </StateView>
      }
    >
      {(entry, index) => (
        <li key={entry.id}>
          {/* Grouped by day: a heading before the first row of each day. */}
          {index === 0 || list[index - 1]?.day !== entry.day ? (
            <h2 className="points-day">{ledgerDayHeading(entry.day, today)}</h2>
          ) : null}
          <LedgerRow entry={entry} />
        </li>
      )}
    </PagedList>
  );
}

/** `/pointsRecord`: the ledger by day, newest first, 全部/获得/消费, with the balance after each. */
export function PointsRecordPage() {
  const [params, setParams] = useSearchParams();
  const type = typeParam(params.get('type'));
  const summary = usePointsSummary();
  const handleTab = (next: Tab) =>
    setParams(next === 'all' ? {} : { type: next }, { replace: true });
  return (
    <>
      <PageHeader />
      <PointsHead summary={summary.data} />
      <TabList
        label="积分类型"
        tabs={TABS}
        value={type ?? 'all'}
        onChange={handleTab}
        idPrefix="points-tab"
        panelId="points-panel"
        underHeader
      />
      <main
        id="points-panel"
        className="page-body"
        role="tabpanel"
        aria-labelledby={tabId('points-tab', type ?? 'all')}
      >
        <LedgerList
          key={type ?? 'all'}
          type={type}
          today={summary.data?.day ?? formatDate(Date.now())}
        />
      </main>
    </>
  );
}
