import type { SearchResult } from '@portal/contract';
import { Link } from 'react-router';
import { CONTENT_TYPE_LABELS, contentHref } from '@/platform/content-links.ts';

/** One hit: cover, the title with the matched parts marked, its type and a line of facts. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  return (
    <Link className="search-card" to={contentHref(result.type, result.id)}>
      <img
        className={result.type === 'ebook' ? 'search-card-cover book' : 'search-card-cover'}
        src={result.cover}
        alt=""
        width={112}
        height={72}
        loading="lazy"
        decoding="async"
      />
      <span className="search-card-body">
        <span className="search-card-title">
          {result.highlights.map((segment, index) =>
            segment.match ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed parts of one title
              <mark key={index}>{segment.text}</mark>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed parts of one title
              <span key={index}>{segment.text}</span>
            ),
          )}
        </span>
        <span className="search-card-meta">
          <span className={`search-card-type ${result.type}`}>
            {CONTENT_TYPE_LABELS[result.type]}
          </span>
          {result.subtitle}
        </span>
      </span>
    </Link>
  );
}
