import type { Medal, MedalList } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { useMedals } from '@/platform/queries/medals.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { ProgressTrack } from '@/ui/progress-bar.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { GroupTitle } from '../components/group-title.tsx';
import { Loaded } from '../components/loaded.tsx';
import { MedalBadge } from '../components/medal-badge.tsx';
import { METRIC_UNITS, MedalDetail } from '../components/medal-detail.tsx';
import '../medals.css';

const KEY = /^[a-z0-9-]{1,32}$/;

function MedalTile({ medal, onOpen }: { medal: Medal; onOpen: (key: string) => void }) {
  const percent = Math.round((medal.current / medal.threshold) * 100);
  return (
    <li>
      <button
        type="button"
        className={medal.earned ? 'medal-tile' : 'medal-tile locked'}
        onClick={() => onOpen(medal.key)}
      >
        <MedalBadge metric={medal.metric} earned={medal.earned} />
        <span className="medal-tile-name">{medal.name}</span>
        {medal.earned && medal.earnedAt ? (
          <span className="medal-tile-meta">{formatDate(medal.earnedAt)}</span>
        ) : (
          <>
            <ProgressTrack
              classPrefix="medal-tile"
              label={`${medal.name}进度`}
              percent={percent}
              valueText={`${medal.current}/${medal.threshold} ${METRIC_UNITS[medal.metric]}`}
            />
            <span className="medal-tile-meta">
              {medal.current}/{medal.threshold} {METRIC_UNITS[medal.metric]}
            </span>
          </>
        )}
      </button>
    </li>
  );
}

function MedalGroup({
  title,
  medals,
  onOpen,
}: {
  title: string;
  medals: Medal[];
  onOpen: (key: string) => void;
}) {
  if (medals.length === 0) return null;
  return (
    <section className="medal-group" aria-label={title}>
      <GroupTitle title={title} count={medals.length} />
      <ul className="medal-grid">
        {medals.map((medal) => (
          <MedalTile key={medal.key} medal={medal} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** The wall: how many are earned, then the earned medals and the locked ones. */
function MedalWall({ wall, onOpen }: { wall: MedalList; onOpen: (key: string) => void }) {
  if (wall.total === 0) {
    return (
      <StateView kind="empty" title="还没有设置勋章" description="学习网上线勋章后会在这里展示。" />
    );
  }
  const earned = wall.medals.filter((medal) => medal.earned);
  const locked = wall.medals.filter((medal) => !medal.earned);
  return (
    <>
      <p className="medal-summary">
        已获得 <strong>{wall.earnedCount}</strong> / {wall.total} 枚勋章
      </p>
      {earned.length === 0 ? (
        <StateView
          kind="empty"
          title="还没有获得勋章"
          description="完成课程、参加活动、坚持每天学习，就能点亮勋章。"
          way={{ to: href('courseList'), label: '去学课程' }}
        />
      ) : null}
      <MedalGroup title="已获得" medals={earned} onOpen={onOpen} />
      <MedalGroup title="未获得" medals={locked} onOpen={onOpen} />
    </>
  );
}

/**
 * `/medal`: the medal wall: earned medals with their dates, locked ones greyed with progress;
 * a tap opens a medal's detail (`/medal?key=`, with 分享); back returns to the wall.
 */
export function MedalPage() {
  const medals = useMedals();
  const [params, setParams] = useSearchParams();
  const key = params.get('key');
  const openKey = key && KEY.test(key) ? key : null;
  const handleOpen = (next: string) => setParams({ key: next });

  if (key !== null) {
    return (
      <>
        <PageHeader title="勋章详情" />
        <main className="page-body medals">
          {openKey ? (
            <MedalDetail medalKey={openKey} />
          ) : (
            <StateView
              kind="missing"
              title="勋章不存在"
              way={{ to: href('medals'), label: '查看全部勋章' }}
            />
          )}
        </main>
      </>
    );
  }
  return (
    <>
      <PageHeader />
      <main className="page-body medals">
        <Loaded query={medals} what="勋章">
          {(wall) => <MedalWall wall={wall} onOpen={handleOpen} />}
        </Loaded>
      </main>
    </>
  );
}
