import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Brings the element named by the URL hash into view and gives it focus (for keyboard users). */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}
