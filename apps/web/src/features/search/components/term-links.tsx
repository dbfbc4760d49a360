import { Link } from 'react-router';
import { href } from '@/platform/paths.ts';
import '@/ui/chips.css';

/** Terms as links to their results (`/searchResult?q=`), in round chips. */
export function TermLinks({ terms, label }: { terms: readonly string[]; label: string }) {
  return (
    <ul className="chip-row pill search-terms" aria-label={label}>
      {terms.map((term) => (
        <li key={term}>
          <Link className="chip" to={href('searchResult', { q: term })}>
            {term}
          </Link>
        </li>
      ))}
    </ul>
  );
}
