import { describe, expect, it, vi } from 'vitest';
import { createStore } from './create-store';

describe('createStore', () => {
  it('notifies subscribers on change and not on identical state', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setState((s) => ({ count: s.count + 1 }));
    expect(store.getState()).toEqual({ count: 1 });
    store.setState(store.getState());
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setState({ count: 5 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
