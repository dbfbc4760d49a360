import type { SearchResult } from '@portal/contract';
import { CONTENT_TYPE_LABELS, contentHref } from '@/platform/content-links.ts';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';

/** Classes amber, activities green, e-books purple: the rest in the site's colour. */
const typeTone: Partial<Record<SearchResult['type'], BadgeTone>> = {
  class: 'amber',
  activity: 'green',
  ebook: 'purple',
};

/** One hit: cover, the title with the matched parts marked, its type and a line of facts. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  return (
    <ContentCard
      to={contentHref(result.type, result.id)}
      cover={result.cover}
      coverSize={[112, 72]}
      book={result.type === 'ebook'}
      className="search-card boxed"
      titleClassName="search-card-title"
      title={result.highlights.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed parts of one title
          <mark key={index}>{segment.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed parts of one title
          <span key={index}>{segment.text}</span>
        ),
      )}
    >
      <CardLine>
        <Badge tone={typeTone[result.type]} square quiet className="search-card-type">
          {CONTENT_TYPE_LABELS[result.type]}
        </Badge>{' '}
        {result.subtitle}
      </CardLine>
    </ContentCard>
  );
}
