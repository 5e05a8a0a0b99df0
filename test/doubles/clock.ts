/** A clock that only moves when the test says so, for schedules measured in minutes. */
import type { Clock } from '../../core/clock.ts';

export class ManualClock implements Clock {
  private at: number;

  constructor(start = new Date()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
