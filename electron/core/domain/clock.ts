/** A source of "now", injected so tests can move time (token expiry) without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * Label Studio's (DRF) datetime form: UTC with six fractional digits and a Z, e.g.
 * 2024-06-18T23:45:46.048490Z. JavaScript dates carry milliseconds, so the last three digits are 0.
 */
export function formatTimestamp(date: Date): string {
  // toISOString always ends in ".sssZ"; slicing beats a regex on the pull's hot path.
  return `${date.toISOString().slice(0, -1)}000Z`;
}

export function toUnixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
