import type { PlaceCategory } from '@portal/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { usePlaceList, usePlaceMarkers } from '../api/get-places.ts';
import { CategoryChips } from '../components/category-chips.tsx';
import { PlaceCard } from '../components/place-card.tsx';
import { type MarkedPlace, PlaceMap } from '../components/place-map.tsx';
import { PositionNote } from '../components/position-note.tsx';
import { usePosition } from '../hooks/use-position.ts';
import { placeHref } from '../lib/place-route.ts';
import '../map.css';

/**
 * `/index/map` (kept alive): the places of the district on a map with clustered markers, and
 * under it the list (every place reachable without the map), filtered by category and a search,
 * nearest first with distances once the learner's position is known.
 */
export function MapPage() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<PlaceCategory | null>(null);
  const position = usePosition();
  const markers = usePlaceMarkers(category, q);
  const list = usePlaceList(category, q, position.position);
  const navigate = useNavigate();
  const handleOpen = useCallback((place: MarkedPlace) => navigate(placeHref(place)), [navigate]);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <>
      <PageHeader />
      <main className="page-body map-page">
        <nav className="map-entries" aria-label="地图栏目">
          <Link className="map-entry" to={paths.nearbyMap}>
            <span className="map-entry-glyph near">近</span>身边
          </Link>
          <Link className="map-entry" to={paths.experienceBases}>
            <span className="map-entry-glyph base">验</span>体验基地
          </Link>
          <Link className="map-entry" to={paths.humanitiesWalks}>
            <span className="map-entry-glyph walk">行</span>人文行走
          </Link>
        </nav>
        <form className="map-search" aria-label="搜索地点" onSubmit={handleSearch}>
          <label className="sr-only" htmlFor="map-search">
            搜索地点名称、地址或街道
          </label>
          <input
            id="map-search"
            type="search"
            value={typed}
            placeholder="搜索地点、地址或街道"
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="link-button primary">
            搜索
          </button>
        </form>
        <CategoryChips value={category} onChange={setCategory} />
        <PositionNote state={position} />
        <PlaceMap
          places={markers.data ?? []}
          me={position.position}
          onOpen={handleOpen}
          label="学习地图：地点标记（下方列表可查看全部地点）"
        />
        <h2 className="map-list-title">
          {position.status === 'located' ? '地点列表（由近到远）' : '地点列表'}
        </h2>
        <PagedList
          query={list}
          className="card-list place-list"
          empty={
            <StateView
              kind="empty"
              title={q ? `没有找到含“${q}”的地点` : '这里还没有地点'}
              description="换个关键词或类别试试。"
            />
          }
        >
          {(place, index) => <PlaceCard key={place.id} place={place} priority={index < 2} />}
        </PagedList>
      </main>
    </>
  );
}
