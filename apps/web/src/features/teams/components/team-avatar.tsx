/** A team's avatar, or its first character on a colour when it has none. */
export function TeamAvatar({
  name,
  avatar,
  size = 56,
}: {
  name: string;
  avatar: string | null;
  size?: number;
}) {
  if (avatar) {
    return (
      <img className="team-avatar" src={avatar} alt="" width={size} height={size} loading="lazy" />
    );
  }
  let hue = 0;
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return (
    <span
      className="team-avatar team-avatar-glyph"
      aria-hidden="true"
      style={{ width: size, height: size, backgroundColor: `hsl(${hue} 55% 32%)` }}
    >
      {name.slice(0, 1)}
    </span>
  );
}
