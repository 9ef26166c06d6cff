import { useEffect, useState } from 'react';
import { pageNow } from './drawn-at.ts';

const MINUTE = 60 * 1000;

/**
 * The current time, renewed every minute: enough for 'Open now', which changes by the minute.
 * It starts at the instant the page was drawn (drawn-at.ts), so hydration matches the HTML.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date(pageNow()));
  useEffect(() => {
    const catchUp = setTimeout(() => setNow(new Date()), 0);
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, []);
  return now;
}
