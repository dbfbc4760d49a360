import { useEffect, useRef } from 'react';
import { countdownParts, countdownText } from './countdown.ts';
import { useNow } from './use-now.ts';

/** The countdown to an upcoming session's start, renewed every few seconds; asks again at 0. */
export function Countdown({ startsAt: start, onStart }: { startsAt: string; onStart: () => void }) {
  const startsAt = Date.parse(start);
  const now = useNow(5_000);
  const started = now >= startsAt;
  // Once only: the server's answer may still say 预告 for a moment (clocks differ).
  const asked = useRef(false);
  useEffect(() => {
    if (!started || asked.current) return;
    asked.current = true;
    onStart();
  }, [started, onStart]);
  return (
    <p className="live-countdown">
      距开始还有 <strong>{countdownText(countdownParts(startsAt, now))}</strong>
    </p>
  );
}
