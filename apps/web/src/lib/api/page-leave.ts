/**
 * How long after `beforeunload` a failed request still counts as cut off by leaving the page: a
 * leave that really happens ends the document well before; one the user cancelled (a "leave this
 * page?" prompt) stops counting after this.
 */
const LEAVE_WINDOW_MS = 10_000;

type EventSource = Pick<Window, 'addEventListener'>;

/**
 * Watches the document being left (a full-page navigation, reload, closing the tab). The browser
 * cuts off the requests in flight then, and they fail as network errors: those are ordinary
 * navigation, not failures to toast or report.
 */
export function createPageLeaveWatch(
  target: EventSource | undefined = typeof window === 'undefined' ? undefined : window,
  now: () => number = Date.now,
): () => boolean {
  let leftAt: number | null = null;
  const mark = () => {
    leftAt = now();
  };
  target?.addEventListener('beforeunload', mark);
  target?.addEventListener('pagehide', mark);
  // Back from the back-forward cache: the page is in use again.
  target?.addEventListener('pageshow', () => {
    leftAt = null;
  });
  return () => leftAt !== null && now() - leftAt < LEAVE_WINDOW_MS;
}

/** A fetch the browser itself aborted (the caller's signal and the timeout were not it). */
export function isAbortError(cause: unknown): boolean {
  return typeof cause === 'object' && cause !== null && (cause as { name?: unknown }).name === 'AbortError';
}
