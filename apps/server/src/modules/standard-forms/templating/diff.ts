import { type TemplateDiff, type TextDiffSegment } from '@legal/api';
import { diffWords, tokenize } from '../../law';

// The redline between two template versions' texts: paragraphs aligned first (longest common
// subsequence), then, inside a run of removed and added paragraphs, each removed paragraph paired
// with the added one that most resembles it and shown word by word (law's diffWords). Pure.

type ParagraphDiff = TemplateDiff['paragraphs'][number];

/** Above this many cells the alignment gives up on the middle (all removed, all added). */
const MAX_CELLS = 4_000_000;
/** A removed and an added paragraph are one edited paragraph from this share of common text. */
const SIMILAR = 0.5;
/** Pairing looks this far ahead among the added paragraphs of one run. */
const LOOKAHEAD = 50;

function normalize(paragraph: string): string {
  return paragraph.replace(/\s+/g, ' ').trim();
}

/** The paragraphs of a text (lines), blank ones left out. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

type Step = { op: 'EQUAL'; a: number; b: number } | { op: 'DELETE'; a: number } | { op: 'INSERT'; b: number };

/** Paragraph alignment: common ends cut, then an LCS table over the middle. */
function alignParagraphs(a: readonly string[], b: readonly string[]): Step[] {
  const na = a.map(normalize);
  const nb = b.map(normalize);
  let head = 0;
  while (head < na.length && head < nb.length && na[head] === nb[head]) head++;
  let tail = 0;
  while (tail < na.length - head && tail < nb.length - head && na[na.length - 1 - tail] === nb[nb.length - 1 - tail]) tail++;
  const n = na.length - head - tail;
  const m = nb.length - head - tail;
  const steps: Step[] = [];
  for (let i = 0; i < head; i++) steps.push({ op: 'EQUAL', a: i, b: i });
  if ((n + 1) * (m + 1) > MAX_CELLS) {
    for (let i = 0; i < n; i++) steps.push({ op: 'DELETE', a: head + i });
    for (let j = 0; j < m; j++) steps.push({ op: 'INSERT', b: head + j });
  } else {
    // lcs[i][j]: the LCS length of a[head+i..] and b[head+j..], row-major in one array.
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] = na[head + i] === nb[head + j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && na[head + i] === nb[head + j]) {
        steps.push({ op: 'EQUAL', a: head + i++, b: head + j++ });
      } else if (j === m || (i < n && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
        // Deletions first within a change: the redline reads "old, then new".
        steps.push({ op: 'DELETE', a: head + i++ });
      } else {
        steps.push({ op: 'INSERT', b: head + j++ });
      }
    }
  }
  for (let t = tail; t > 0; t--) steps.push({ op: 'EQUAL', a: na.length - t, b: nb.length - t });
  return steps;
}

const nonSpace = (text: string) => text.replace(/\s+/g, '').length;

/** The share of two paragraphs' characters (white space aside) their word diff keeps, 0..1. */
function similarity(segments: readonly TextDiffSegment[], before: string, after: string): number {
  const kept = segments.filter((s) => s.op === 'EQUAL').reduce((sum, s) => sum + nonSpace(s.text), 0);
  const total = nonSpace(before) + nonSpace(after);
  return total === 0 ? 1 : (2 * kept) / total;
}

/** A paragraph's tokens with their counts, and its length without white space. */
function bagOf(text: string): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  let length = 0;
  for (const token of tokenize(text)) {
    if (!token.trim()) continue;
    counts.set(token, (counts.get(token) ?? 0) + 1);
    length += token.length;
  }
  return { counts, length };
}

/**
 * An upper bound of `similarity` from the tokens both paragraphs have (in any order): the word diff
 * can keep no more. Cheap, so the word diff only runs for paragraphs that may be one edited paragraph.
 */
function similarityBound(a: ReturnType<typeof bagOf>, b: ReturnType<typeof bagOf>): number {
  if (a.length + b.length === 0) return 1;
  let common = 0;
  for (const [token, count] of a.counts) common += Math.min(count, b.counts.get(token) ?? 0) * token.length;
  return (2 * common) / (a.length + b.length);
}

/** A run of removed and added paragraphs, edited ones paired and shown word by word. */
function changeRun(deleted: readonly string[], inserted: readonly string[]): ParagraphDiff[] {
  const out: ParagraphDiff[] = [];
  const insertedBags = inserted.map(bagOf);
  let next = 0; // the first added paragraph not yet shown
  for (const before of deleted) {
    const beforeBag = bagOf(before);
    let paired = -1;
    let segments: TextDiffSegment[] = [];
    for (let j = next; j < inserted.length && j < next + LOOKAHEAD; j++) {
      if (similarityBound(beforeBag, insertedBags[j]!) < SIMILAR) continue;
      const candidate = diffWords(before, inserted[j]!);
      if (similarity(candidate, before, inserted[j]!) >= SIMILAR) {
        paired = j;
        segments = candidate;
        break;
      }
    }
    if (paired < 0) {
      out.push({ op: 'DELETE', segments: [{ op: 'DELETE', text: before }] });
      continue;
    }
    for (; next < paired; next++) out.push({ op: 'INSERT', segments: [{ op: 'INSERT', text: inserted[next]! }] });
    out.push({ op: 'CHANGE', segments });
    next = paired + 1;
  }
  for (; next < inserted.length; next++) out.push({ op: 'INSERT', segments: [{ op: 'INSERT', text: inserted[next]! }] });
  return out;
}

function countWords(text: string): number {
  return tokenize(text).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/**
 * The redline from one version's text to another's (texts as inspectTemplate gives them, one
 * paragraph a line). stats: the words inserted and deleted (whole paragraphs and edits inside
 * paragraphs), and changedParagraphs, the paragraphs that are not EQUAL (inserted, deleted or edited).
 */
export function diffTemplateTexts(fromText: string, toText: string, from: number, to: number): TemplateDiff {
  const a = paragraphsOf(fromText);
  const b = paragraphsOf(toText);
  const paragraphs: ParagraphDiff[] = [];
  let deleted: string[] = [];
  let inserted: string[] = [];
  const flush = () => {
    if (deleted.length || inserted.length) paragraphs.push(...changeRun(deleted, inserted));
    deleted = [];
    inserted = [];
  };
  for (const step of alignParagraphs(a, b)) {
    if (step.op === 'DELETE') deleted.push(a[step.a]!);
    else if (step.op === 'INSERT') inserted.push(b[step.b]!);
    else {
      flush();
      paragraphs.push({ op: 'EQUAL', segments: [{ op: 'EQUAL', text: b[step.b]! }] });
    }
  }
  flush();
  const stats = { insertedWords: 0, deletedWords: 0, changedParagraphs: 0 };
  for (const paragraph of paragraphs) {
    if (paragraph.op !== 'EQUAL') stats.changedParagraphs++;
    for (const segment of paragraph.segments) {
      if (segment.op === 'INSERT') stats.insertedWords += countWords(segment.text);
      else if (segment.op === 'DELETE') stats.deletedWords += countWords(segment.text);
    }
  }
  return { from, to, paragraphs, stats };
}
