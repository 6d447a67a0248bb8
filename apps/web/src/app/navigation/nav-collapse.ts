import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/browser-storage';

/** Whether the side navigation is folded to its icons; the choice survives reloads (localStorage). */
export function useNavCollapsed(): [isCollapsed: boolean, toggle: () => void] {
  const [isCollapsed, setCollapsed] = useState(() => readStorage(STORAGE_KEYS.navCollapsed) === '1');
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      writeStorage(STORAGE_KEYS.navCollapsed, next ? '1' : '0');
      return next;
    });
  }, []);
  return [isCollapsed, toggle];
}
