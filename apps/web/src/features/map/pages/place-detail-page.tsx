import type { PlaceDetail, PlaceSummary } from '@portal/contract';
import { isOpenAt, shanghaiClock, weekLines } from '@portal/contract/constants';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { href, type PathName, paths } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';
import { DetailPage, FavouriteAndShare, useDetailById } from '@/ui/detail-page.tsx';
import { Fact, Facts } from '@/ui/facts.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { placeDetailQueryOptions } from '../api/get-places.ts';
import { NavigateButton } from '../components/navigate-button.tsx';
import { PlaceCard } from '../components/place-card.tsx';
import { PlaceItemCard } from '../components/place-items.tsx';
import { PlacePhotos } from '../components/place-photos.tsx';
import { placeHref, placeRoute } from '../lib/place-route.ts';
import '../map.css';

const MISSING = { what: '地点', way: { to: paths.map, label: '打开学习地图' } };

/** The page each route keeps to itself: /mapDetails shows any place. */
const OWN_ROUTES: Partial<Record<string, PathName>> = {
  [paths.mapPlace]: 'mapPlace',
  [paths.mapSchool]: 'mapSchool',
};

/**
 * `/mapDetails`, `/mapDetailsPlace` and `/mapDetailsSchool` (`?id=`): a place's photos, opening
 * hours (open now or closed, Asia/Shanghai), phone, address with 导航, introduction, its school
 * or branches, a school's classes, and its courses, activities and projects. A learning point or
 * school opened at the other's route moves to its own (an activity links every place as a
 * learning point).
 */
export function PlaceDetailPage() {
  const detail = useDetailById(placeDetailQueryOptions);
  useRecordView('place', detail.data?.id);
  const location = useLocation();
  const navigate = useNavigate();
  const place = detail.data;
  const own = OWN_ROUTES[location.pathname];
  const wanted = place ? placeRoute(place.category) : null;
  useEffect(() => {
    if (place && own && wanted && own !== wanted) {
      navigate(placeHref(place), { replace: true });
    }
  }, [place, own, wanted, navigate]);

  return (
    <DetailPage
      detail={detail}
      missing={MISSING}
      actions={(item) => (
        <FavouriteAndShare
          type="place"
          item={{ id: item.id, title: item.name, cover: item.cover }}
        />
      )}
    >
      {(item) => <PlaceView place={item} />}
    </DetailPage>
  );
}

function PlaceView({ place }: { place: PlaceDetail }) {
  const open = isOpenAt(place.hours, Date.now());
  const today = shanghaiClock(Date.now()).day;
  return (
    <main className="panel-page">
      <PlacePhotos name={place.name} photos={place.photos} />
      <Panel className="place-head">
        <h1 className="detail-title">{place.name}</h1>
        <p className="detail-meta">
          {place.kind} · {place.street}
        </p>
        <Badge tone={open ? 'green' : 'grey'}>{open ? '开放中' : '已闭馆'}</Badge>
      </Panel>
      <Panel title="到访信息">
        <Facts look="plain" className="place-facts">
          <Fact label="地址">
            <span>{place.address}</span>
            <NavigateButton place={place} />
          </Fact>
          {place.phone ? (
            <Fact label="电话">
              <a className="inline-link" href={`tel:${place.phone.replace(/[^\d+]/g, '')}`}>
                {place.phone}
              </a>
            </Fact>
          ) : null}
        </Facts>
      </Panel>
      <Panel title="开放时间">
        {place.hours.length === 0 ? (
          <p className="detail-meta">请来电咨询开放时间。</p>
        ) : (
          <Facts look="plain">
            {weekLines(place.hours).map((line, index) => (
              <Fact key={line.day} label={line.day}>
                {index + 1 === today ? (
                  <span className="text-accent">{line.times}（今天）</span>
                ) : (
                  line.times
                )}
              </Fact>
            ))}
          </Facts>
        )}
      </Panel>
      <nav className="panel place-links" aria-label="在这里学习">
        <PlaceLink name="mapCourses" id={place.id} label="课程" count={place.courseCount} />
        <PlaceLink name="mapActivities" id={place.id} label="活动" count={place.activityCount} />
        <PlaceLink name="mapProjects" id={place.id} label="项目" count={place.projectCount} />
      </nav>
      {place.category === 'school' ? <SchoolSections place={place} /> : null}
      {place.intro ? (
        <Panel title="简介">
          <RichHtml html={place.intro} />
        </Panel>
      ) : null}
    </main>
  );
}

function PlaceLink({
  name,
  id,
  label,
  count,
}: {
  name: PathName;
  id: number;
  label: string;
  count: number;
}) {
  return (
    <Link className="place-link" to={href(name, { id })}>
      <strong>{count}</strong>
      <span>{label}</span>
    </Link>
  );
}

/** A school's classes (linking to the class pages), its school and its branches. */
function SchoolSections({ place }: { place: PlaceDetail }) {
  return (
    <>
      <Panel title={`开设班级（${place.classCount}）`} stack>
        {place.classes.length === 0 ? (
          <p className="detail-meta">本学期暂无班级。</p>
        ) : (
          <ul className="card-list">
            {place.classes.map((klass) => (
              <PlaceItemCard
                key={klass.id}
                to={href('classDetail', { id: klass.id })}
                item={klass}
                lines={[
                  `${klass.term} · ${klass.schedule}`,
                  klass.status === '已满'
                    ? '已满 · 可加入候补'
                    : `${klass.status} · 余 ${klass.seatsLeft} 席`,
                ]}
              />
            ))}
          </ul>
        )}
        {place.courseCount > 0 ? (
          <Link className="link-button block" to={href('mapCourses', { id: place.id })}>
            查看全部课程（{place.courseCount}）
          </Link>
        ) : null}
      </Panel>
      {place.parent ? <PlaceCards title="所属学校" places={[place.parent]} /> : null}
      {place.branches.length > 0 ? (
        <PlaceCards title={`分校（${place.branches.length}）`} places={place.branches} />
      ) : null}
    </>
  );
}

/** A titled panel of places (a school's school, its branches). */
function PlaceCards({ title, places }: { title: string; places: readonly PlaceSummary[] }) {
  return (
    <Panel title={title}>
      <ul className="card-list">
        {places.map((item) => (
          <PlaceCard key={item.id} place={item} />
        ))}
      </ul>
    </Panel>
  );
}
