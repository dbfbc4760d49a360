/**
 * Runs `run` every `intervalMs` (the first run at once), never two runs at a time, until
 * stopped: the server's due-time jobs (reminders, scheduled publication). The timer does not keep
 * the process alive; `stop` waits for a run in progress.
 */
export class IntervalJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  /** `run` may report failures it survived to `onError` itself (and go on). */
  constructor(private readonly run: (onError: (error: unknown) => void) => Promise<unknown>) {}

  /** Starts the runs; a run's failure goes to `onError` and the next run comes as planned. */
  start(intervalMs: number, onError: (error: unknown) => void): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.run(onError)
        .catch(onError)
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
