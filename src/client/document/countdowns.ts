import { COUNTDOWN_TARGET_ATTRIBUTE, COUNTDOWN_UNIT_ATTRIBUTE } from '#client/lib/live-parts.ts';
import {
  COUNTDOWN_TICK_MS,
  countdownDigits,
  timeLeft,
  type TimeLeft,
} from '#client/lib/time-left.ts';
import { setText } from './page-changes.ts';

/**
 * Ticks the page's countdowns (Countdown.tsx draws them) every second. When one reaches its
 * instant the battle changes phase, which the page must then show: `onOver` is told once.
 * Returns the function that stops them.
 */
export function tickCountdowns(onOver: () => void): () => void {
  const timers = [...document.querySelectorAll(`[${COUNTDOWN_TARGET_ATTRIBUTE}]`)];
  if (timers.length === 0) return () => undefined;
  const tick = (): boolean => {
    const now = new Date();
    let over = false;
    for (const timer of timers) {
      const end = new Date(timer.getAttribute(COUNTDOWN_TARGET_ATTRIBUTE) ?? '');
      const left = timeLeft(end, now);
      for (const figure of timer.querySelectorAll(`[${COUNTDOWN_UNIT_ATTRIBUTE}]`)) {
        const unit = figure.getAttribute(COUNTDOWN_UNIT_ATTRIBUTE) as keyof TimeLeft;
        setText(figure, countdownDigits(left[unit]));
      }
      if (end <= now) over = true;
    }
    return over;
  };
  if (tick()) {
    onOver();
    return () => undefined;
  }
  const timer = setInterval(() => {
    if (!tick()) return;
    clearInterval(timer);
    onOver();
  }, COUNTDOWN_TICK_MS);
  return () => clearInterval(timer);
}
