import type { ParticipantKind } from '@portal/contract/constants';
import { Link } from 'react-router';

/**
 * The way from an item's row to its participants (报名名单): `名单`, named for assistive
 * technology with the item (`label`, e.g. 第 2 个场次 or the title).
 */
export function ParticipantsLink({
  kind,
  id,
  label,
  text = '名单',
}: {
  kind: ParticipantKind;
  id: number;
  label: string;
  text?: string;
}) {
  return (
    <Link
      to={`/participants?kind=${kind}&id=${id}`}
      aria-label={`${label}的${text === '名单' ? '报名名单' : text}`}
      // Beside a count, a link is told apart by more than its colour.
      style={{ textDecoration: 'underline' }}
    >
      {text}
    </Link>
  );
}
