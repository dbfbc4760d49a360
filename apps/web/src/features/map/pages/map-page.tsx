import type { PlaceCategory } from '@portal/contract';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { SearchField } from '@/ui/search-field.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { type MapView, usePlaceList, usePlaceMarkers } from '../api/get-places.ts';
import { CategoryChips } from '../components/category-chips.tsx';
import { PlaceCard } from '../components/place-card.tsx';
import { type MarkedPlace, NO_MARKERS, PlaceMap } from '../components/place-map.tsx';
import { PositionNote } from '../components/position-note.tsx';
import { usePosition } from '../hooks/use-position.ts';
import { placeHref } from '../lib/place-route.ts';
import '../map.css';

/** The map's own pages: 身边, 体验基地 and 人文行走. */
const ENTRIES = [
  { kind: 'near', glyph: '近', label: '身边', to: paths.nearbyMap },
  { kind: 'base', glyph: '验', label: '体验基地', to: paths.experienceBases },
  { kind: 'walk', glyph: '行', label: '人文行走', to: paths.humanitiesWalks },
] as const;

/**
 * `/index/map` (kept alive): the places of the district on a map (clustered by the server for
 * the view shown, so every place counts however many the district has), and
 * under it the list (every place reachable without the map), filtered by category and a search,
 * nearest first with distances once the learner's position is known.
 */
export function MapPage() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<PlaceCategory | null>(null);
  const position = usePosition();
  const [view, setView] = useState<MapView | null>(null);
  const markers = usePlaceMarkers(category, q, view);
  const list = usePlaceList(category, q, position.position);
  const navigate = useNavigate();
  const handleOpen = useCallback((place: MarkedPlace) => navigate(placeHref(place)), [navigate]);

  return (
    <>
      <PageHeader />
      <main className="page-body map-page">
        <nav className="map-entries" aria-label="地图栏目">
          {ENTRIES.map((entry) => (
            <Link key={entry.kind} className="map-entry" to={entry.to}>
              <span className={`map-entry-glyph ${entry.kind}`}>{entry.glyph}</span>
              {entry.label}
            </Link>
          ))}
        </nav>
        <SearchField
          label="搜索地点名称、地址或街道"
          placeholder="搜索地点、地址或街道"
          value={typed}
          onChange={setTyped}
          onSearch={setQ}
        />
        <CategoryChips value={category} onChange={setCategory} />
        <PlaceMap
          markers={markers.data ?? NO_MARKERS}
          fit={markers.data?.bounds ?? null}
          streets={markers.data?.streets}
          me={position.position}
          onOpen={handleOpen}
          onView={setView}
          label="学习地图：地点标记（下方列表可查看全部地点）"
        />
        {/* Over the list it is about (its order), under the map: as it comes and goes (being
            located, refused, located), the map above stays where it is. */}
        <PositionNote state={position} />
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
