/** Runs at most `max` tasks at once; the others wait in the order they came. */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // A freed slot passes straight to the next waiter, so the count never dips below what is really running.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
