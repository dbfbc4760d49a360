import { formatDate } from '@/lib/format-date.ts';

/** A team's invitation code, large and spaced for reading out, with the day it expires. */
export function InviteCode({
  label,
  code,
  expiresAt,
}: {
  label?: string;
  code: string | null;
  expiresAt: string | null;
}) {
  return (
    <p className="team-code">
      {label}
      <strong>{code}</strong>
      {expiresAt ? <small>（{formatDate(expiresAt)} 前有效）</small> : null}
    </p>
  );
}
