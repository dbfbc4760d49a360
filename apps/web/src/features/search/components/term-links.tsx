import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';

/** Terms as links to their results (`/searchResult?q=`). */
export function TermLinks({ terms, label }: { terms: readonly string[]; label: string }) {
  return (
    <ul className="search-terms" aria-label={label}>
      {terms.map((term) => (
        <li key={term}>
          <Link className="search-term" to={href('searchResult', { q: term })}>
            {term}
          </Link>
        </li>
      ))}
    </ul>
  );
}
