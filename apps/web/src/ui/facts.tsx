import type { ReactNode } from 'react';
import './facts.css';

/**
 * An item's facts as a description list of {@link Fact} rows: `rows` (a rule under each),
 * `plain` (no rules) or `figures` (a row of figures, each label over its value).
 */
export function Facts({
  look = 'rows',
  className,
  children,
}: {
  look?: 'rows' | 'plain' | 'figures';
  /** The page's own name for the list (tests). */
  className?: string;
  children: ReactNode;
}) {
  const classes = ['facts', look !== 'rows' && look, className].filter(Boolean);
  return <dl className={classes.join(' ')}>{children}</dl>;
}

/** One fact (inside {@link Facts}): its label and value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A second, smaller line under a fact's value. */
export function FactNote({ children }: { children: ReactNode }) {
  return <span className="fact-note">{children}</span>;
}
