/** One server-sent event: its `event:` name ("message" when absent) and its `data:` lines joined by "\n". */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental text/event-stream parser (the WHATWG rules we need: `event`, `data`, comments,
 * CRLF/CR/LF line ends, an event ends at a blank line). Chunks may split anywhere, lines included.
 */
export class SseParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];
  /** A chunk ended on "\r": a following "\n" belongs to the same line end. */
  private isAfterCr = false;

  push(text: string): SseEvent[] {
    let input = text;
    if (this.isAfterCr && input.startsWith('\n')) input = input.slice(1);
    this.isAfterCr = false;
    this.buffer += input;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone "\r" at the very end may be the first half of "\r\n".
      if (match[0] === '\r' && match.index === this.buffer.length - 1) this.isAfterCr = true;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** The stream ended: an event without its closing blank line is dropped, as browsers do. */
  end(): void {
    this.buffer = '';
    this.eventName = '';
    this.dataLines = [];
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      if (this.dataLines.length === 0) {
        this.eventName = '';
        return null;
      }
      const event = { event: this.eventName || 'message', data: this.dataLines.join('\n') };
      this.eventName = '';
      this.dataLines = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.dataLines.push(value);
    return null;
  }
}

/** Reads a byte stream of server-sent events; bytes are decoded as a stream, so a character split over chunks survives. */
export async function* readSseEvents(stream: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();
  // An abort ends a pending read at once (a body that ignores the signal would keep it waiting).
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (done) {
        yield* parser.push(decoder.decode());
        parser.end();
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
