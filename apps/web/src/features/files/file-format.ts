const UNITS = ['B', 'KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof UNITS)[number];

/** A byte count in the largest unit under 1024 (1024-based), one decimal above bytes: 1536 -> 1.5 KB. */
export function splitSize(bytes: number): { value: string; unit: SizeUnit } {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  const unit = UNITS[index]!;
  const text = index === 0 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toFixed(value >= 100 ? 0 : 1);
  return { value: text, unit };
}
