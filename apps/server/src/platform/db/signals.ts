import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Short messages to whoever watches a record, in every process of one database: a review's
 * progress to the pages that show it, instead of each page reading the row every second.
 *
 * Delivery is at most once and carries no history: a subscriber reads the record's state when it
 * subscribes (after subscribing, so that nothing falls between) and again now and then, so a
 * message lost to a broken connection is healed by the next read.
 */
export interface Signals {
  /** Sends `data` (JSON, at most SIGNAL_MAX_BYTES) to the topic's subscribers in every process. */
  publish(topic: string, data: unknown): Promise<void>;
  /** Calls `listener` with each message of `topic` until the returned function is called. */
  subscribe(topic: string, listener: (data: unknown) => void): () => void;
  /**
   * Resolves once messages published from now on reach this process's subscribers (PostgreSQL: the
   * listening connection is up), or after `maxWaitMs`: read the record's state after this.
   */
  listening(maxWaitMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8,000 bytes; the envelope takes the rest. */
export const SIGNAL_MAX_BYTES = 7_000;
/** The one LISTEN channel of the application; topics travel inside the payload. */
export const SIGNAL_CHANNEL = 'legal_signals';

interface Envelope {
  t: string;
  d: unknown;
}

function envelopeOf(topic: string, data: unknown): string {
  const text = JSON.stringify({ t: topic, d: data } satisfies Envelope);
  if (Buffer.byteLength(text) > SIGNAL_MAX_BYTES) throw new Error(`signal on ${topic} is over ${SIGNAL_MAX_BYTES} bytes`);
  return text;
}

/** The subscribers of this process, by topic. A listener that throws does not stop the others. */
class Subscribers {
  private readonly byTopic = new Map<string, Set<(data: unknown) => void>>();

  constructor(private readonly logger: Logger) {}

  get size(): number {
    return this.byTopic.size;
  }

  add(topic: string, listener: (data: unknown) => void): () => void {
    const set = this.byTopic.get(topic) ?? new Set();
    this.byTopic.set(topic, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTopic.get(topic) === set) this.byTopic.delete(topic);
    };
  }

  deliver(topic: string, data: unknown): void {
    for (const listener of [...(this.byTopic.get(topic) ?? [])]) {
      try {
        listener(data);
      } catch (err) {
        this.logger.warn({ err, topic }, 'signal listener failed');
      }
    }
  }
}

/**
 * One process, one database (PGlite): messages go straight to this process's subscribers, after
 * the publisher's turn, and cost no statement on the one connection everyone shares.
 */
export function localSignals(logger: Logger): Signals {
  const subscribers = new Subscribers(logger);
  return {
    async publish(topic, data) {
      const copy = JSON.parse(envelopeOf(topic, data)) as Envelope;
      queueMicrotask(() => subscribers.deliver(topic, copy.d));
    },
    subscribe: (topic, listener) => subscribers.add(topic, listener),
    listening: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * PostgreSQL: `pg_notify` on the pool, and one connection per process that LISTENs, opened at the
 * first subscription and opened again (with back-off) when it breaks while anyone subscribes.
 */
export function postgresSignals(options: { url: string; query: (text: string, values: unknown[]) => Promise<unknown>; logger: Logger }): Signals {
  const { url, query, logger } = options;
  const subscribers = new Subscribers(logger);
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_FIRST_MS;
  let closed = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== SIGNAL_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return;
    }
    if (typeof envelope.t === 'string') subscribers.deliver(envelope.t, envelope.d);
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer || subscribers.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
  };

  const listen = (): Promise<void> => {
    if (closed || client || connecting) return connecting ?? Promise.resolve();
    const next = new pg.Client({ connectionString: url, application_name: 'legal-suite-signals' });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed) logger.warn({ err }, 'signal listener connection lost; reconnecting');
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', onNotification);
    connecting = next
      .connect()
      .then(() => next.query(`LISTEN ${SIGNAL_CHANNEL}`))
      .then(() => {
        if (closed) return void next.end().catch(() => undefined);
        client = next;
        retryMs = RECONNECT_FIRST_MS;
      })
      .catch((err: unknown) => {
        next.removeAllListeners();
        next.on('error', () => undefined);
        void next.end().catch(() => undefined);
        logger.warn({ err }, 'signal listener could not connect');
        scheduleReconnect();
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  return {
    async publish(topic, data) {
      await query('SELECT pg_notify($1, $2)', [SIGNAL_CHANNEL, envelopeOf(topic, data)]);
    },
    subscribe(topic, listener) {
      const unsubscribe = subscribers.add(topic, listener);
      void listen();
      return unsubscribe;
    },
    async listening(maxWaitMs = 2_000) {
      if (client || closed) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([listen(), new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
      clearTimeout(timer);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting;
      const last = client;
      client = null;
      if (last) await last.end().catch(() => undefined);
    },
  };
}
