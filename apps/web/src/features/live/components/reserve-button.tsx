import { useQueryClient } from '@tanstack/react-query';
import { loginCheck } from '@/platform/login-check.ts';
import { useReservation } from '../api/live.ts';
import '@/ui/actions.css';

export interface ReserveButtonProps {
  session: { id: number; reserved: boolean };
  /** What the button reads when not reserved and when reserved (预约 / 已预约 by default). */
  labels?: { off: string; on: string };
  /** Asked before reserving (e.g. a clash to confirm); false keeps it as it is. */
  confirmReserve?: () => Promise<boolean>;
  className?: string;
  /** A toggle (`aria-pressed`, the default), or a plain button when it only removes. */
  toggle?: boolean;
  /** The session's title, added to the button's name for screen readers (`已选：太极养生`). */
  name?: string;
}

/**
 * 预约 / 已预约 of an upcoming session (a toggle, `aria-pressed`): a visitor's tap opens the login
 * check first; a refusal (409, e.g. the session has started) shows the server's message.
 */
export function ReserveButton({
  session,
  labels = { off: '预约', on: '已预约' },
  confirmReserve,
  className = 'pill-button',
  toggle = true,
  name,
}: ReserveButtonProps) {
  const client = useQueryClient();
  const reservation = useReservation(session.id);
  const reserved = session.reserved;
  const text = reserved ? labels.on : labels.off;
  const handleTap = async () => {
    if (!(await loginCheck())) return;
    if (reservation.isPending) return;
    if (!reserved && confirmReserve && !(await confirmReserve())) return;
    // A refusal means the page is out of date (the session started): ask for it again.
    reservation.mutate(!reserved, {
      onError: () => void client.invalidateQueries({ queryKey: ['live'] }),
    });
  };
  return (
    <button
      type="button"
      className={reserved ? `${className} quiet` : className}
      aria-pressed={toggle ? reserved : undefined}
      aria-label={name ? `${text}：${name}` : undefined}
      aria-busy={reservation.isPending}
      onClick={handleTap}
    >
      {text}
    </button>
  );
}
