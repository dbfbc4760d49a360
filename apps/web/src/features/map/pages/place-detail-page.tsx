import type { PlaceDetail } from '@portal/contract';
import { isOpenAt, shanghaiClock, weekLines } from '@portal/contract/constants';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { href, type PathName, paths } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { DetailPage, DetailSection, FavouriteAndShare, useDetailById } from '@/ui/detail-page.tsx';
import { Fact } from '@/ui/facts.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { placeDetailQueryOptions } from '../api/get-places.ts';
import { NavigateButton } from '../components/navigate-button.tsx';
import { PlaceCard } from '../components/place-card.tsx';
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
    <main className="place-detail">
      <PlacePhotos name={place.name} photos={place.photos} />
      <section className="place-card-box place-head">
        <h1>{place.name}</h1>
        <p className="place-head-kind">
          {place.kind} · {place.street}
        </p>
        <p className={open ? 'place-open yes' : 'place-open no'}>{open ? '开放中' : '已闭馆'}</p>
      </section>
      <DetailSection className="place-card-box" id="place-facts" title="到访信息">
        <dl className="place-facts">
          <Fact label="地址">
            <span className="place-address">{place.address}</span>
            <NavigateButton place={place} />
          </Fact>
          {place.phone ? (
            <Fact label="电话">
              <a className="place-phone" href={`tel:${place.phone.replace(/[^\d+]/g, '')}`}>
                {place.phone}
              </a>
            </Fact>
          ) : null}
        </dl>
      </DetailSection>
      <DetailSection className="place-card-box" id="place-hours" title="开放时间">
        {place.hours.length === 0 ? (
          <p className="muted">请来电咨询开放时间。</p>
        ) : (
          <ul className="place-hours">
            {weekLines(place.hours).map((line, index) => (
              <li key={line.day} className={index + 1 === today ? 'today' : undefined}>
                <span>
                  {line.day}
                  {index + 1 === today ? '（今天）' : ''}
                </span>
                <span>{line.times}</span>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <nav className="place-card-box place-links" aria-label="在这里学习">
        <PlaceLink name="mapCourses" id={place.id} label="课程" count={place.courseCount} />
        <PlaceLink name="mapActivities" id={place.id} label="活动" count={place.activityCount} />
        <PlaceLink name="mapProjects" id={place.id} label="项目" count={place.projectCount} />
      </nav>
      {place.category === 'school' ? <SchoolSections place={place} /> : null}
      {place.intro ? (
        <DetailSection className="place-card-box" id="place-intro" title="简介">
          <RichHtml html={place.intro} />
        </DetailSection>
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
      <DetailSection
        className="place-card-box"
        id="place-classes"
        title={`开设班级（${place.classCount}）`}
      >
        {place.classes.length === 0 ? (
          <p className="muted">本学期暂无班级。</p>
        ) : (
          <ul className="card-list">
            {place.classes.map((klass) => (
              <li key={klass.id}>
                <ContentCard
                  to={href('classDetail', { id: klass.id })}
                  cover={klass.cover}
                  title={klass.title}
                >
                  <CardLine>
                    {klass.term} · {klass.schedule}
                  </CardLine>
                  <CardLine>
                    {klass.status} · 余 {klass.seatsLeft} 席
                  </CardLine>
                </ContentCard>
              </li>
            ))}
          </ul>
        )}
        {place.courseCount > 0 ? (
          <Link className="link-button block" to={href('mapCourses', { id: place.id })}>
            查看全部课程（{place.courseCount}）
          </Link>
        ) : null}
      </DetailSection>
      {place.parent ? (
        <DetailSection className="place-card-box" id="place-parent" title="所属学校">
          <ul className="card-list">
            <PlaceCard place={place.parent} />
          </ul>
        </DetailSection>
      ) : null}
      {place.branches.length > 0 ? (
        <DetailSection
          className="place-card-box"
          id="place-branches"
          title={`分校（${place.branches.length}）`}
        >
          <ul className="card-list">
            {place.branches.map((branch) => (
              <PlaceCard key={branch.id} place={branch} />
            ))}
          </ul>
        </DetailSection>
      ) : null}
    </>
  );
}
