import type { TextDiffSegment } from '@legal/api';

// A word-level diff of two article texts (clause histories). Pure. Words are runs of Hangul, of
// Latin letters, numbers with their separators (2025.9.9, 1,000), single punctuation marks and
// runs of white space: a changed age (20세 -> 19세) shows as one number, not as a rewritten line.

const TOKEN = /[\p{Script=Hangul}]+|[A-Za-z]+|\d+(?:[.,]\d+)*|\s+|[^\s]/gu;

/** The tokens of a text; joined they give the text back. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

type Op = TextDiffSegment['op'];

/**
 * Myers' O((N+M)D) shortest edit script over tokens. Each round keeps only the band of diagonals it
 * reached (-d-1..d+1), so memory grows with the number of edits, not with the texts' product.
 */
function editScript(a: readonly string[], b: readonly string[]): Array<{ op: Op; token: string }> {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  const out: Array<{ op: Op; token: string }> = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const band = trace[d]!;
    const at = (k: number) => band[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ op: 'EQUAL', token: a[--x]! });
      y--;
    }
    if (x === prevX) out.push({ op: 'INSERT', token: b[--y]! });
    else out.push({ op: 'DELETE', token: a[--x]! });
  }
  while (x > 0 && y > 0) {
    out.push({ op: 'EQUAL', token: a[--x]! });
    y--;
  }
  return out.reverse();
}

/**
 * The segments that turn `before` into `after`: EQUAL, DELETE and INSERT runs, adjacent runs of one
 * kind merged, a deletion before the insertion that replaces it. Joining EQUAL+DELETE gives
 * `before`, EQUAL+INSERT gives `after`.
 */
export function diffWords(before: string, after: string): TextDiffSegment[] {
  const a = tokenize(before);
  const b = tokenize(after);
  // Common ends are cut first: articles mostly change in one place, and the band stays narrow.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = editScript(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  const steps = [
    ...a.slice(0, head).map((token) => ({ op: 'EQUAL' as Op, token })),
    ...middle,
    ...a.slice(a.length - tail).map((token) => ({ op: 'EQUAL' as Op, token })),
  ];
  return mergeRuns(steps);
}

/** Adjacent steps of one kind as one segment; within a change, deletions come before insertions. */
function mergeRuns(steps: ReadonlyArray<{ op: Op; token: string }>): TextDiffSegment[] {
  const segments: TextDiffSegment[] = [];
  let deleted = '';
  let inserted = '';
  const flushChange = () => {
    if (deleted) segments.push({ op: 'DELETE', text: deleted });
    if (inserted) segments.push({ op: 'INSERT', text: inserted });
    deleted = inserted = '';
  };
  for (const step of steps) {
    if (step.op === 'DELETE') deleted += step.token;
    else if (step.op === 'INSERT') inserted += step.token;
    else {
      flushChange();
      const last = segments.at(-1);
      if (last?.op === 'EQUAL') last.text += step.token;
      else segments.push({ op: 'EQUAL', text: step.token });
    }
  }
  flushChange();
  return segments;
}
