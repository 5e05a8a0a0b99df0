/**
 * What the user sees while a catalogue moves: one progress bar on a terminal (counts per status,
 * songs finished per minute in this run, ETA, and why it is waiting when it is), plain lines where
 * stderr is not a terminal, and with --json one JSON object per line on stdout for machines.
 */
import { type CatalogueState, countByStatus, type SongStatus } from './state.ts';

const BAR_WIDTH = 24;
const TTY_FRAME_MS = 200;
const LOG_EVERY_MS = 5_000;

export class Progress {
  private readonly startedAt = Date.now();
  /** The rate counts songs the service finished in this run, not those refused or skipped here. */
  private readonly processedAtStart: number;
  private waitingUntil = 0;
  private waitReason = '';
  private lastRender = 0;
  private lastLine = '';

  constructor(
    private readonly state: CatalogueState,
    private readonly json: boolean,
    private readonly err: NodeJS.WriteStream = process.stderr,
    private readonly out: NodeJS.WritableStream = process.stdout,
  ) {
    this.processedAtStart = this.processed(countByStatus(state));
  }

  /** A fact worth keeping: JSON on stdout for machines, a line above the bar for people. */
  event(event: string, fields: Record<string, unknown>, line?: string): void {
    if (this.json) this.out.write(`${JSON.stringify({ event, ...fields })}\n`);
    else if (line) this.printAbove(line);
    this.render(!this.json);
  }

  waiting(seconds: number, reason: string): void {
    this.waitingUntil = Date.now() + seconds * 1000;
    this.waitReason = reason;
    this.event('waiting', { seconds, reason });
  }

  render(force = false): void {
    const now = Date.now();
    const interval = this.err.isTTY && !this.json ? TTY_FRAME_MS : LOG_EVERY_MS;
    if (!force && now - this.lastRender < interval) return;
    this.lastRender = now;
    if (this.json) return void this.out.write(`${JSON.stringify({ event: 'progress', ...this.figures() })}\n`);
    const line = this.line();
    if (this.err.isTTY) this.err.write(`\r\x1b[2K${line}`);
    else if (line !== this.lastLine) this.err.write(`${line}\n`);
    this.lastLine = line;
  }

  /** Redraws every second, so a wait counts down and the rate moves while nothing else happens. */
  start(): () => void {
    const timer = setInterval(() => this.render(), 1000);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Leaves the bar's last state on screen. */
  done(): void {
    if (this.json) return void this.out.write(`${JSON.stringify({ event: 'progress', ...this.figures() })}\n`);
    if (this.err.isTTY) this.err.write(`\r\x1b[2K${this.line()}\n`);
    else this.err.write(`${this.line()}\n`);
  }

  figures() {
    const counts = countByStatus(this.state);
    const total = Object.keys(this.state.songs).length;
    const finished = this.finished(counts);
    const minutes = (Date.now() - this.startedAt) / 60_000;
    const rate = minutes > 0 ? (this.processed(counts) - this.processedAtStart) / minutes : 0;
    const left = total - finished - counts.review;
    const eta_seconds = rate > 0 && left > 0 ? Math.round((left / rate) * 60) : null;
    return { total, finished, counts, per_minute: Math.round(rate * 10) / 10, eta_seconds };
  }

  private processed(counts: Record<SongStatus, number>): number {
    return counts.complete + counts.failed;
  }

  private finished(counts: Record<SongStatus, number>): number {
    return counts.complete + counts.failed + counts.rejected + counts.needs_url;
  }

  private line(): string {
    const { total, finished, counts, per_minute, eta_seconds } = this.figures();
    const filled = total > 0 ? Math.round((finished / total) * BAR_WIDTH) : 0;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    const parts = [
      `${bar} ${finished}/${total}`,
      counts.to_submit ? `to submit ${counts.to_submit}` : '',
      `queued ${counts.queued}`,
      `processing ${counts.processing}`,
      counts.review ? `in review ${counts.review}` : '',
      `complete ${counts.complete}`,
      `failed ${counts.failed + counts.rejected}`,
      counts.needs_url ? `need a URL ${counts.needs_url}` : '',
      `${per_minute}/min`,
      eta_seconds !== null ? `ETA ${formatDuration(eta_seconds)}` : '',
    ];
    const wait = Math.ceil((this.waitingUntil - Date.now()) / 1000);
    if (wait > 0) parts.push(`waiting ${formatDuration(wait)}: ${this.waitReason}`);
    return parts.filter(Boolean).join(' · ');
  }

  private printAbove(line: string): void {
    if (this.err.isTTY) this.err.write(`\r\x1b[2K${line}\n`);
    else this.err.write(`${line}\n`);
  }
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;
}
