/**
 * Time comes in through this port so tests can drive it (a fake clock) instead of patching globals.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to. Starts at 2024-01-01T00:00:00.000Z unless given a start. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: number | string = '2024-01-01T00:00:00.000Z') {
    this.current = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): number {
    this.current += ms;
    return this.current;
  }

  set(to: number | string): void {
    this.current = typeof to === 'number' ? to : Date.parse(to);
  }
}

/** ISO 8601 text of the clock's current time: the format every persisted timestamp uses. */
export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
