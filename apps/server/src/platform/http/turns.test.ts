import { describe, expect, it } from 'vitest';
import { Turns } from './turns';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('Turns', () => {
  it('runs at most the limit at once, the rest in arrival order', async () => {
    const turns = new Turns(2);
    const gates = [0, 1, 2, 3, 4].map(deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = gates.map((gate, i) =>
      turns.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await gate.promise;
        running--;
        return i * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(turns.queued).toBe(3);
    gates[1]!.resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(turns.queued).toBe(0);
  });

  it('gives the turn back when a run fails', async () => {
    const turns = new Turns(1);
    await expect(turns.run(async () => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect(await turns.run(async () => 'next')).toBe('next');
    await expect(Promise.all([turns.run(async () => { throw new Error('a'); }), turns.run(async () => 'b')])).rejects.toThrow('a');
    expect(await turns.run(async () => 'after')).toBe('after');
  });

  it('refuses a limit below one', () => {
    expect(() => new Turns(0)).toThrow();
  });
});
