import type { SearchResult } from '@portal/contract';
import { CONTENT_TYPE_LABELS, contentHref } from '@/platform/content-links.ts';
import { paths } from '@/platform/paths.ts';
import { Badge, type BadgeTone } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';

/** Classes amber, activities green, e-books purple: the rest in the site's colour. */
const typeTone: Partial<Record<SearchResult['type'], BadgeTone>> = {
  class: 'amber',
  activity: 'green',
  ebook: 'purple',
};

/** Text split into matched and other parts, the matched ones marked. */
function Marked({ segments }: { segments: SearchResult['highlights'] }) {
  return segments.map((segment, index) =>
    segment.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed parts of one text
      <mark key={index}>{segment.text}</mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed parts of one text
      <span key={index}>{segment.text}</span>
    ),
  );
}

/**
 * One hit: cover, the title with the matched parts marked, its type and a line of facts; an
 * e-book found by the words inside it also shows the page and the words there, and opens the
 * reader at that page.
 */
export function SearchResultCard({ result }: { result: SearchResult }) {
  const inside = result.inside;
  return (
    <ContentCard
      to={
        inside
          ? `${paths.ebookContent}?id=${result.id}&page=${inside.page}`
          : contentHref(result.type, result.id)
      }
      cover={result.cover}
      coverSize={[112, 72]}
      book={result.type === 'ebook'}
      className="search-card boxed"
      titleClassName="search-card-title"
      title={<Marked segments={result.highlights} />}
    >
      <CardLine>
        <Badge tone={typeTone[result.type]} square quiet className="search-card-type">
          {CONTENT_TYPE_LABELS[result.type]}
        </Badge>{' '}
        {result.subtitle}
      </CardLine>
      {inside ? (
        <p className="search-card-inside">
          <span className="search-card-page">第 {inside.page} 页</span>
          <Marked segments={inside.excerpt} />
        </p>
      ) : null}
    </ContentCard>
  );
}
