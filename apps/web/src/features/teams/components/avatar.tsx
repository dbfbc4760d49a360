/**
 * A learner's or a team's picture, or the first character of the name where there is none: a
 * learner's on a disc of the site's soft colour, a team's (`team`) on a rounded square in a
 * colour of its own, taken from its name.
 */
export function Avatar({
  name,
  src,
  size = 40,
  team = false,
}: {
  name: string;
  src: string | null;
  size?: number;
  team?: boolean;
}) {
  const className = team ? 'avatar team' : 'avatar';
  if (src) {
    return <img className={className} src={src} alt="" width={size} height={size} loading="lazy" />;
  }
  let hue = 0;
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return (
    <span
      className={className}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        backgroundColor: team ? `hsl(${hue} 55% 32%)` : undefined,
      }}
    >
      {[...name][0] ?? '学'}
    </span>
  );
}
