import { currentTheme } from './session/theme-marker';

/** The product's own e-mail domain: its users are not pseudonymised into a company group. */
export const OWN_EMAIL_DOMAIN = 'legalsuite.app';
/** What an address without a readable domain counts as. */
export const UNKNOWN_EMAIL_DOMAIN = 'unknown';

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export type AnalyticsEvent =
  | { type: 'identify'; userId: string; companyGroup: string; at: number }
  | { type: 'track'; name: string; properties: AnalyticsProperties; userId: string | null; companyGroup: string | null; at: number }
  | { type: 'reset'; at: number };

/** Where events go. A network sink plugs in later; until then the app drains the queue. */
export interface AnalyticsSink {
  enqueue(event: AnalyticsEvent): void;
}

export interface AnalyticsQueue extends AnalyticsSink {
  /** Hands over every event collected so far and empties the queue. */
  drain(): AnalyticsEvent[];
  readonly size: number;
}

/** An in-memory queue that keeps the newest `capacity` events. */
export function createAnalyticsQueue(capacity = 500): AnalyticsQueue {
  let events: AnalyticsEvent[] = [];
  return {
    enqueue(event) {
      events.push(event);
      if (events.length > capacity) events = events.slice(events.length - capacity);
    },
    drain() {
      const drained = events;
      events = [];
      return drained;
    },
    get size() {
      return events.length;
    },
  };
}

export function emailDomain(email: string | null | undefined): string {
  const at = email?.lastIndexOf('@') ?? -1;
  const domain = at >= 0 ? email!.slice(at + 1).trim().toLowerCase() : '';
  return domain === '' ? UNKNOWN_EMAIL_DOMAIN : domain;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The company group of a user (spec section 9): the first 16 hex characters of the SHA-256 of
 * the e-mail domain; the product's own domain and an unknown domain are kept as they are.
 */
export async function companyGroup(email: string | null | undefined): Promise<string> {
  const domain = emailDomain(email);
  if (domain === OWN_EMAIL_DOMAIN || domain === UNKNOWN_EMAIL_DOMAIN) return domain;
  return (await sha256Hex(domain)).slice(0, 16);
}

export interface AnalyticsOptions {
  sink: AnalyticsSink;
  /** Read at every send: the theme's sendAnalytics flag. */
  isEnabled: () => boolean;
  now?: () => number;
}

export interface Analytics {
  identify(user: { id: number | string; email?: string | null }): Promise<void>;
  track(name: string, properties?: AnalyticsProperties): void;
  /** Sign-out: forget who the user was. */
  reset(): void;
}

export function createAnalytics({ sink, isEnabled, now = Date.now }: AnalyticsOptions): Analytics {
  let identity: { userId: string; companyGroup: string } | null = null;
  let generation = 0;

  return {
    async identify(user) {
      const current = ++generation;
      const group = await companyGroup(user.email);
      if (current !== generation) return; // a reset or a newer identify came first
      identity = { userId: String(user.id), companyGroup: group };
      if (isEnabled()) sink.enqueue({ type: 'identify', ...identity, at: now() });
    },
    track(name, properties = {}) {
      if (!isEnabled()) return;
      sink.enqueue({
        type: 'track',
        name,
        properties,
        userId: identity?.userId ?? null,
        companyGroup: identity?.companyGroup ?? null,
        at: now(),
      });
    },
    reset() {
      generation++;
      const wasIdentified = identity !== null;
      identity = null;
      if (wasIdentified && isEnabled()) sink.enqueue({ type: 'reset', at: now() });
    },
  };
}

/** The app's queue and analytics, gated by the current workspace theme. */
export const analyticsQueue = createAnalyticsQueue();
export const analytics = createAnalytics({
  sink: analyticsQueue,
  isEnabled: () => currentTheme().flags.sendAnalytics,
});
