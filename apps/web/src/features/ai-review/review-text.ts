import { type Finding, type Review, type ReviewRisk } from '@legal/api';

export const RISK_COLORS: Record<ReviewRisk, string> = { HIGH: 'red', MEDIUM: 'orange', LOW: 'yellow' };
const RISK_RANK: Record<ReviewRisk, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };

export interface TextPiece {
  start: number;
  end: number;
  /** The highest risk of the evidence spans covering it; null for plain text. */
  risk: ReviewRisk | null;
  findingIds: number[];
}

export interface TextBlock {
  start: number;
  end: number;
  /** The clause this block is; null for text between clauses (title, preamble). */
  clause: Review['clauses'][number] | null;
  pieces: TextPiece[];
}

/**
 * Cuts the document into blocks (one per clause, and the text between clauses) and each block
 * into pieces at evidence boundaries, so the view can mark evidence by risk. Offsets outside the
 * text are clamped; overlapping evidence takes the higher risk.
 */
export function layoutText(text: string, clauses: Review['clauses'], findings: readonly Finding[]): TextBlock[] {
  const length = text.length;
  const clamp = (n: number) => Math.max(0, Math.min(length, n));
  const sorted = [...clauses]
    .map((c) => ({ ...c, startOffset: clamp(c.startOffset), endOffset: clamp(c.endOffset) }))
    .filter((c) => c.endOffset > c.startOffset)
    .sort((a, b) => a.startOffset - b.startOffset);
  const blocks: Array<Omit<TextBlock, 'pieces'>> = [];
  let at = 0;
  for (const clause of sorted) {
    if (clause.startOffset < at) continue; // overlapping clauses: keep the first
    if (clause.startOffset > at) blocks.push({ start: at, end: clause.startOffset, clause: null });
    blocks.push({ start: clause.startOffset, end: clause.endOffset, clause });
    at = clause.endOffset;
  }
  if (at < length) blocks.push({ start: at, end: length, clause: null });

  const spans = findings.flatMap((f) =>
    f.verdict === 'MET' || f.verdict === 'NOT_APPLICABLE'
      ? []
      : f.evidence.map((e) => ({ start: clamp(e.startOffset), end: clamp(e.endOffset), risk: f.risk, findingId: f.findingId })).filter((s) => s.end > s.start),
  );
  return blocks.map((block) => {
    const cuts = new Set([block.start, block.end]);
    for (const s of spans) {
      if (s.start > block.start && s.start < block.end) cuts.add(s.start);
      if (s.end > block.start && s.end < block.end) cuts.add(s.end);
    }
    const points = [...cuts].sort((a, b) => a - b);
    const pieces: TextPiece[] = [];
    for (let i = 0; i < points.length - 1; i++) {
      const start = points[i]!;
      const end = points[i + 1]!;
      const covering = spans.filter((s) => s.start <= start && s.end >= end);
      const risk = covering.reduce<ReviewRisk | null>((best, s) => (best === null || RISK_RANK[s.risk] > RISK_RANK[best] ? s.risk : best), null);
      pieces.push({ start, end, risk, findingIds: covering.map((s) => s.findingId) });
    }
    return { ...block, pieces };
  });
}

/** The clause a finding points at: its clause, else the block holding its first evidence. */
export function anchorOffset(finding: Finding): number | null {
  return finding.clause?.startOffset ?? finding.evidence[0]?.startOffset ?? null;
}

/** The block that holds an offset. */
export function blockAt(blocks: readonly TextBlock[], offset: number): TextBlock | undefined {
  return blocks.find((b) => offset >= b.start && offset < b.end) ?? blocks.at(-1);
}
