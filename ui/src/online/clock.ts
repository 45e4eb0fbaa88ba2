// How a clock reads on screen.

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
