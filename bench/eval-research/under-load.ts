/** p50 and p95 (ms) of `task` run `rounds` times over `inputs`, `concurrency` at a time. */
export async function underLoad<T>(inputs: readonly T[], rounds: number, concurrency: number, task: (input: T) => Promise<unknown>) {
  const queue = Array.from({ length: rounds }, () => inputs).flat();
  const times: number[] = [];
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const started = performance.now();
      await task(next);
      times.push(performance.now() - started);
    }
  }));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { n: times.length, p50: at(0.5), p95: at(0.95) };
}
