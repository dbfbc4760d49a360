/** A learner's or team's avatar, or the first character of the name on a disc without one. */
export function Avatar({ name, src }: { name: string; src: string | null }) {
  return src ? (
    <img className="rank-avatar" src={src} alt="" width={40} height={40} />
  ) : (
    <span className="rank-avatar" aria-hidden="true">
      {name.slice(0, 1) || '学'}
    </span>
  );
}
