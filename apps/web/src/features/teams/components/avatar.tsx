/**
 * A learner's or a team's picture, or the first character of the name where there is none: a
 * learner's on a disc of the site's soft colour, a team's (`team`) on a rounded square in a
 * colour of its own, taken from its name. Without `size` it is a small one (larger in elder mode).
 * A `priority` one (the head of a page, its largest paint) loads at once, ahead of the others.
 */
export function Avatar({
  name,
  src,
  size,
  team = false,
  priority = false,
}: {
  name: string;
  src: string | null;
  size?: number;
  team?: boolean;
  priority?: boolean;
}) {
  const className = team ? 'avatar team' : 'avatar';
  const box = size ? { width: size, height: size } : undefined;
  if (src) {
    return (
      <img
        className={className}
        src={src}
        alt=""
        width={size ?? 40}
        height={size ?? 40}
        style={box}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    );
  }
  let hue = 0;
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return (
    <span
      className={className}
      aria-hidden="true"
      style={{ ...box, backgroundColor: team ? `hsl(${hue} 55% 32%)` : undefined }}
    >
      {[...name][0] ?? '学'}
    </span>
  );
}
