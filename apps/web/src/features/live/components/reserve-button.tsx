import type { LiveSessionDetail } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { loginCheck } from '@/platform/login-check.ts';
import { useReservation } from '../api/live.ts';

/**
 * 预约 / 已预约 of an upcoming session (a toggle, `aria-pressed`): a visitor's tap opens the login
 * check first; a refusal (409, e.g. the session has started) shows the server's message.
 */
export function ReserveButton({ session }: { session: LiveSessionDetail }) {
  const client = useQueryClient();
  const reservation = useReservation(session.id);
  const reserved = session.reserved;
  const handleTap = async () => {
    if (!(await loginCheck())) return;
    if (reservation.isPending) return;
    // A refusal means the page is out of date (the session started): ask for it again.
    reservation.mutate(!reserved, {
      onError: () => void client.invalidateQueries({ queryKey: ['live', 'detail', session.id] }),
    });
  };
  return (
    <button
      type="button"
      className={reserved ? 'live-reserve reserved' : 'live-reserve'}
      aria-pressed={reserved}
      aria-busy={reservation.isPending}
      onClick={handleTap}
    >
      {reserved ? '已预约' : '预约'}
    </button>
  );
}
