import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A seconds countdown for "resend" buttons (SPEC §4: resend is disabled for 60 s after a send).
 * Counts against a deadline, so a throttled background tab still ends on time.
 */
export function useCountdown() {
  const deadline = useRef(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const running = secondsLeft > 0;

  const start = useCallback((seconds: number) => {
    const whole = Math.max(0, Math.ceil(seconds));
    deadline.current = Date.now() + whole * 1_000;
    setSecondsLeft(whole);
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1_000)));
    }, 250);
    return () => clearInterval(timer);
  }, [running]);

  return { secondsLeft, running, start };
}
