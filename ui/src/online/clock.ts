// How a clock reads on screen.

import type { ClockView } from '../bindings';
import { t } from '../i18n';

/** A game's clock setting in words: days per move, minutes and seconds added, or none. */
export function clockSettingLabel(clock: ClockView | null): string {
  if (!clock) return t('online.untimed');
  if (clock.daysPerMove) return t('online.daysPerMove', { count: clock.daysPerMove });
  return t('online.clockMinutes', { minutes: Math.round(clock.baseMs / 60_000), increment: Math.round(clock.incrementMs / 1000) });
}

/** A correspondence clock's time left: days and hours, hours and minutes, or `m:ss` in the last
 * hour. */
export function formatLongClock(ms: number): string {
  const total = Math.max(0, ms);
  if (total < 3_600_000) return formatClock(total);
  const hours = Math.floor(total / 3_600_000);
  if (hours < 24) return t('online.hoursMinutes', { hours, minutes: Math.floor((total % 3_600_000) / 60_000) });
  return t('online.daysHours', { days: Math.floor(hours / 24), hours: hours % 24 });
}

/** `m:ss`, or `h:mm:ss`; tenths under ten seconds. */
export function formatClock(ms: number): string {
  const total = Math.max(0, ms);
  if (total < 10_000) return (Math.floor(total / 100) / 10).toFixed(1);
  const seconds = Math.ceil(total / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
