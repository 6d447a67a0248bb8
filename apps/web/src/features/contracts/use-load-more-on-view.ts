import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onView` when the element scrolls into view (infinite scrolling). Browsers without
 * IntersectionObserver (and tests) rely on the visible "load more" button instead.
 */
export function useLoadMoreOnView(target: RefObject<HTMLElement | null>, isEnabled: boolean, onView: () => void) {
  const callback = useRef(onView);
  useEffect(() => {
    callback.current = onView;
  });
  useEffect(() => {
    const element = target.current;
    if (!isEnabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, isEnabled]);
}
