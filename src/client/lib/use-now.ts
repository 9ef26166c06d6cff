import { startTransition, useEffect, useState } from 'react';
import { pageNow } from './drawn-at.ts';

const MINUTE = 60 * 1000;

/**
 * The current time, renewed every minute: enough for 'Open now', which changes by the minute.
 * It starts at the instant the page was drawn (drawn-at.ts), so hydration matches the HTML.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date(pageNow()));
  useEffect(() => {
    // In a transition: every part that shows the time is drawn again, cut into short tasks.
    const renew = () => startTransition(() => setNow(new Date()));
    const catchUp = setTimeout(renew, 0);
    const timer = setInterval(renew, MINUTE);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, []);
  return now;
}
