import { useEffect, useState } from 'react';

const MINUTE = 60 * 1000;

/** The current time, renewed every minute: enough for 'Open now', which changes by the minute. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}
