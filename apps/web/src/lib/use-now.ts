// The current time for what a screen says about the clock ("opens at 9.00", "today"), read once
// and again every `everyMs`, so render stays pure and the words follow the clock.
import { useEffect, useState } from 'react';

export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
