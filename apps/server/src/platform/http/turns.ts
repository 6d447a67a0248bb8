/**
 * At most `limit` runs at once; the others wait their turn in arrival order. For a burst of one
 * costly request (ten AI reviews started at the same second): run side by side, each holds a
 * database connection and queues its statements ahead of every other request (on PGlite's single
 * connection all of them at once), so the calls of everyone else wait behind the whole burst.
 * Taking turns, the burst takes as long, and the other calls wait behind one or two of its
 * statements at a time.
 */
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`bad limit ${limit}`);
  }

  /** Runs waiting now. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (the count stays), or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
