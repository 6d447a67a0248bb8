/**
 * A small, non-validating tokenizer for the well-formed markup our extractors read: mammoth's HTML
 * and HWPX section XML. It never resolves DTDs or external entities (only the five predefined
 * entities and numeric references), so it is safe after `checkXmlSafety`.
 */
export type MarkupToken =
  | { type: 'open'; name: string; selfClosing: boolean; attrs: Record<string, string> }
  | { type: 'close'; name: string }
  | { type: 'text'; text: string };

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return safeCodePoint(parseInt(ref.slice(2), 16)) ?? whole;
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

export function* tokenizeMarkup(source: string): Generator<MarkupToken> {
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      yield { type: 'text', text: decodeEntities(source.slice(i)) };
      return;
    }
    if (lt > i) yield { type: 'text', text: decodeEntities(source.slice(i, lt)) };
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      i = end < 0 ? source.length : end + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      yield { type: 'text', text: source.slice(lt + 9, end < 0 ? source.length : end) };
      i = end < 0 ? source.length : end + 3;
      continue;
    }
    const gt = source.indexOf('>', lt);
    if (gt < 0) return;
    const inner = source.slice(lt + 1, gt);
    i = gt + 1;
    if (inner.startsWith('?') || inner.startsWith('!')) continue;
    if (inner.startsWith('/')) {
      yield { type: 'close', name: inner.slice(1).trim() };
      continue;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const nameMatch = /^\s*([^\s/>]+)/.exec(body);
    if (!nameMatch?.[1]) continue;
    const attrs: Record<string, string> = {};
    for (const m of body.slice(nameMatch[0].length).matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      if (m[1]) attrs[m[1]] = decodeEntities(m[3] ?? m[4] ?? '');
    }
    yield { type: 'open', name: nameMatch[1], selfClosing, attrs };
  }
}

/** Local name without namespace prefix: `hp:t` -> `t`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
