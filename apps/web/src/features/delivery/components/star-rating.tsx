const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z';

/** One star, drawn (a glyph would be text to the contrast checks, and fonts differ). */
function Star({ on, size }: { on: boolean; size: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={on ? 'on' : ''}
    >
      <path d={STAR} fill="currentColor" />
    </svg>
  );
}

/** Five star buttons (1 to 5): large targets, each named and pressed when chosen. */
export function StarPicker({
  value,
  onChange,
}: {
  value: number;
  onChange: (stars: number) => void;
}) {
  return (
    <fieldset className="delivery-stars">
      <legend className="sr-only">评分</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          className={n <= value ? 'delivery-star on' : 'delivery-star'}
          aria-label={`${n} 星`}
          aria-pressed={n === value}
          onClick={() => onChange(n)}
        >
          <Star on={n <= value} size={32} />
        </button>
      ))}
    </fieldset>
  );
}

/** A given rating as stars, read as `4 星（满分 5 星）`. */
export function StarsShown({ value }: { value: number }) {
  return (
    <p className="delivery-stars-shown" role="img" aria-label={`${value} 星（满分 5 星）`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} on={n <= value} size={28} />
      ))}
    </p>
  );
}
