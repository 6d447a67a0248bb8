/** One run of a word-level diff: kept, inserted by the new text, or deleted from the old one. */
export interface DiffPart {
  kind: 'same' | 'insert' | 'delete';
  text: string;
}

/** Beyond this many token pairs the table would be too large: the whole text is shown as replaced. */
const MAX_CELLS = 2_000_000;

/** Words and the whitespace between them, as separate tokens, so spacing survives the diff. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/gu) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  if (text === '') return;
  const last = parts.at(-1);
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * A word-level diff of `before` to `after` (longest common subsequence of tokens). Joining the
 * `same` and `delete` parts gives `before`; joining `same` and `insert` gives `after`. Adjacent
 * parts of one kind are merged; deletions come before insertions at a change.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  // Common head and tail are kept as they are; the table only covers the changed middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, head).join(''));
  if ((x.length + 1) * (y.length + 1) > MAX_CELLS) {
    push(parts, 'delete', x.join(''));
    push(parts, 'insert', y.join(''));
  } else {
    // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
    const width = y.length + 1;
    const lcs = new Uint32Array((x.length + 1) * width);
    for (let i = x.length - 1; i >= 0; i--) {
      for (let j = y.length - 1; j >= 0; j--) {
        lcs[i * width + j] = x[i] === y[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    let deleted = '';
    let inserted = '';
    const flush = () => {
      push(parts, 'delete', deleted);
      push(parts, 'insert', inserted);
      deleted = '';
      inserted = '';
    };
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        flush();
        push(parts, 'same', x[i]!);
        i++;
        j++;
      } else if (j >= y.length || (i < x.length && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
        deleted += x[i]!;
        i++;
      } else {
        inserted += y[j]!;
        j++;
      }
    }
    flush();
  }
  push(parts, 'same', a.slice(a.length - tail).join(''));
  return parts;
}
