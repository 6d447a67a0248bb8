import { describe, expect, it } from 'vitest';
import { readSseEvents, SseParser, type SseEvent } from './sse-reader';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(chunks: Uint8Array[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSseEvents(streamOf(chunks))) events.push(event);
  return events;
}

const bytes = (text: string) => new TextEncoder().encode(text);

const STREAM =
  ': keep-alive\n\n' +
  'event: delta\ndata: {"text":"지체상금은 "}\n\n' +
  'event: delta\r\ndata: {"text":"제7조에 있습니다."}\r\n\r\n' +
  'event: done\ndata: {"sentences":[],\ndata: "creditsCharged":2}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'delta', data: '{"text":"지체상금은 "}' },
  { event: 'delta', data: '{"text":"제7조에 있습니다."}' },
  { event: 'done', data: '{"sentences":[],\n"creditsCharged":2}' },
];

describe('the SSE reader', () => {
  it('reads named events, multi-line data, comments and CRLF line ends', async () => {
    expect(await collect([bytes(STREAM)])).toEqual(EXPECTED);
  });

  it('gives the same events whatever byte the stream is split at (mid-event, mid-line, mid-UTF-8, between CR and LF)', async () => {
    const all = bytes(STREAM);
    for (let cut = 1; cut < all.length; cut++) {
      expect(await collect([all.slice(0, cut), all.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
    }
    // One byte at a time: every Hangul syllable (3 bytes) arrives in pieces.
    expect(await collect([...all].map((b) => Uint8Array.of(b)))).toEqual(EXPECTED);
  });

  it('drops an event the stream cut off before its blank line', async () => {
    expect(await collect([bytes('event: delta\ndata: {"text":"a"}\n\nevent: done\ndata: {"sent')])).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
  });

  it('names an event without `event:` "message" and ignores unknown fields', () => {
    const parser = new SseParser();
    expect(parser.push('id: 3\nretry: 10\ndata\ndata:x\n\n')).toEqual([{ event: 'message', data: '\nx' }]);
    // A blank line with no data dispatches nothing.
    expect(parser.push('event: ping\n\n')).toEqual([]);
  });
  it('ends a read that is waiting on a stream which never closes once the signal aborts', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"a"}\n\n'));
      },
    });
    const abort = new AbortController();
    const events: SseEvent[] = [];
    const reading = (async () => {
      for await (const event of readSseEvents(stream, abort.signal)) events.push(event);
    })();
    while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // The reader now waits for bytes that never come; without the abort this would never settle.
    abort.abort();
    await reading;
    expect(events).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
    // The stream was cancelled, not left locked: a new reader can be taken.
    expect(stream.locked).toBe(false);
  });
});
