import { useEffect, useState } from 'react';

/** The current time (epoch ms), renewed every `everyMs` while `running`. */
export function useNow(everyMs: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, running]);
  return now;
}
