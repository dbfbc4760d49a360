import { boundsOf } from '@portal/contract/constants';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { LoadFailed, StateView } from '@/ui/state-view.tsx';
import { type MapView, useNearPlaces, usePlaceMarkers } from '../api/get-places.ts';
import { PlaceCard } from '../components/place-card.tsx';
import { type MarkedPlace, NO_MARKERS, PlaceMap } from '../components/place-map.tsx';
import { usePosition } from '../hooks/use-position.ts';
import { placeHref } from '../lib/place-route.ts';
import '../map.css';

/**
 * `/curMap` (身边): the learner's position and the places nearest to it now, nearest first, on a
 * map of everything around them.
 */
export function NearbyPage() {
  const position = usePosition();
  const near = useNearPlaces(position.position);
  const navigate = useNavigate();
  const handleOpen = useCallback((place: MarkedPlace) => navigate(placeHref(place)), [navigate]);
  // Every place in the map's view, clustered by the server (as on the learning map), the map
  // fitted to the nearest ones.
  const [view, setView] = useState<MapView | null>(null);
  const markers = usePlaceMarkers(null, '', view);
  const fit = useMemo(() => boundsOf(near.data ?? []), [near.data]);

  if (position.status === 'denied' || position.status === 'unavailable') {
    return (
      <>
        <PageHeader />
        <main className="page-body map-page">
          <StateView
            kind="empty"
            title={position.status === 'denied' ? '没有定位权限' : '暂时无法获取您的位置'}
            description={
              position.status === 'denied'
                ? '请在浏览器或手机设置中允许本网站使用位置信息，再点“重新定位”。也可以在学习地图中按街道查找。'
                : '请确认手机已打开定位服务后重试，也可以在学习地图中按街道查找。'
            }
            way={{ to: paths.map, label: '打开学习地图' }}
          >
            <button type="button" className="link-button primary" onClick={position.retry}>
              重新定位
            </button>
          </StateView>
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader />
      <main className="page-body map-page">
        <PlaceMap
          markers={markers.data ?? NO_MARKERS}
          fit={fit}
          streets={markers.data?.streets}
          onView={setView}
          me={position.position}
          onOpen={handleOpen}
          label="我身边的地点地图"
        />
        <h2 className="map-list-title">离我最近的地点</h2>
        {position.status === 'locating' ? (
          <p className="detail-meta" role="status">
            正在获取您的位置…
          </p>
        ) : near.isPending ? (
          <PageSkeleton />
        ) : near.isError ? (
          <LoadFailed title="附近的地点没有加载出来" onRetry={() => void near.refetch()} />
        ) : near.data.length === 0 ? (
          <StateView
            kind="empty"
            title="附近还没有学习地点"
            way={{ to: paths.map, label: '打开学习地图' }}
          />
        ) : (
          <ul className="card-list place-list">
            {near.data.map((place, index) => (
              <PlaceCard key={place.id} place={place} priority={index < 2} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
