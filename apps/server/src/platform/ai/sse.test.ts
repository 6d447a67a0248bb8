import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

function feedBytes(parser: SseParser, text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  const events = [];
  for (let at = 0; at < bytes.length; at += size) events.push(...parser.push(bytes.subarray(at, at + size)));
  return [...events, ...parser.end()];
}

describe('the SSE parser', () => {
  const stream = ': comment\n\nevent: message_start\ndata: {"a":"갑을"}\n\ndata: line one\ndata: line two\r\n\r\ndata:no-space\r\rdata: 마지막';

  it.each([1, 2, 3, 5, 1000])('gives the same events however the bytes are cut (%i-byte chunks)', (size) => {
    expect(feedBytes(new SseParser(), stream, size)).toEqual([
      { event: 'message_start', data: '{"a":"갑을"}' },
      { event: 'message', data: 'line one\nline two' },
      { event: 'message', data: 'no-space' },
      { event: 'message', data: '마지막' },
    ]);
  });

  it('skips a byte-order mark and events without data', () => {
    expect(feedBytes(new SseParser(), '\uFEFFevent: ping\n\ndata: x\n\n', 1)).toEqual([{ event: 'message', data: 'x' }]);
  });
});
