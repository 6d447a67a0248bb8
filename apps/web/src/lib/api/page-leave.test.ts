import { describe, expect, it } from 'vitest';
import { createPageLeaveWatch, isAbortError } from './page-leave';

describe('page leave watch', () => {
  it('counts from beforeunload or pagehide, stops counting after a cancelled leave or back from the cache', () => {
    const target = new EventTarget() as unknown as Window;
    let now = 1_000;
    const isLeaving = createPageLeaveWatch(target, () => now);
    expect(isLeaving()).toBe(false);
    target.dispatchEvent(new Event('beforeunload'));
    expect(isLeaving()).toBe(true);
    now += 10_000;
    expect(isLeaving()).toBe(false);
    target.dispatchEvent(new Event('pagehide'));
    expect(isLeaving()).toBe(true);
    target.dispatchEvent(new Event('pageshow'));
    expect(isLeaving()).toBe(false);
  });

  it('recognises an abort by its name only', () => {
    expect(isAbortError(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });
});
