import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { StatuteKind } from '@legal/api';

/**
 * One file of a law data folder's MANIFEST.csv (law-data/current, law-data/history, or the
 * operator's LAW_DATA_DIR): a statute version, stored at {root}/{folder}/{file}.
 */
export interface LawIndexEntry {
  /** The data folder holding MANIFEST.csv. */
  root: string;
  folder: string;
  kind: StatuteKind;
  /** Relative to the statute's folder: '법률.md', '법률/2013-07-01_110914.md.gz'. */
  file: string;
  title: string;
  compactTitle: string;
  lawId: string;
  lawSerialNumber: string;
  lawType: string;
  promulgationDate: string;
  promulgationNumber: string;
  effectiveDate: string;
  /** 소관부처 as the manifest lists them (several joined by ',' ';' or '|'). */
  ministries: string[];
  /** '일부개정', '제정' ...: the history manifest's commit subject ends with it in parentheses; null otherwise. */
  amendmentKind: string | null;
}

/** Common short names of the Acts (법률), without spaces. */
export const LAW_ALIASES: Readonly<Record<string, string>> = {
  하도급법: '하도급거래공정화에관한법률',
  약관규제법: '약관의규제에관한법률',
  약관법: '약관의규제에관한법률',
  근기법: '근로기준법',
  상가임대차법: '상가건물임대차보호법',
  상가건물임대차법: '상가건물임대차보호법',
  주택임대차법: '주택임대차보호법',
  주임법: '주택임대차보호법',
  개인정보법: '개인정보보호법',
  부정경쟁방지법: '부정경쟁방지및영업비밀보호에관한법률',
  공정거래법: '독점규제및공정거래에관한법률',
  대리점법: '대리점거래의공정화에관한법률',
  가맹사업법: '가맹사업거래의공정화에관한법률',
  전자상거래법: '전자상거래등에서의소비자보호에관한법률',
  할부거래법: '할부거래에관한법률',
  방문판매법: '방문판매등에관한법률',
  파견법: '파견근로자보호등에관한법률',
  기간제법: '기간제및단시간근로자보호등에관한법률',
  정보통신망법: '정보통신망이용촉진및정보보호등에관한법률',
  신용정보법: '신용정보의이용및보호에관한법률',
  국가계약법: '국가를당사자로하는계약에관한법률',
  지방계약법: '지방자치단체를당사자로하는계약에관한법률',
  채무자회생법: '채무자회생및파산에관한법률',
  중대재해처벌법: '중대재해처벌등에관한법률',
  남녀고용평등법: '남녀고용평등과일ㆍ가정양립지원에관한법률',
  퇴직급여법: '근로자퇴직급여보장법',
  산업기술보호법: '산업기술의유출방지및보호에관한법률',
  자본시장법: '자본시장과금융투자업에관한법률',
  표시광고법: '표시ㆍ광고의공정화에관한법률',
  대규모유통업법: '대규모유통업에서의거래공정화에관한법률',
  상생협력법: '대ㆍ중소기업상생협력촉진에관한법률',
  집합건물법: '집합건물의소유및관리에관한법률',
  가등기담보법: '가등기담보등에관한법률',
  전자서명법: '전자서명법',
  전자문서법: '전자문서및전자거래기본법',
};

/** Spaces removed, `·` (U+00B7) and `・` normalised to the data's `ㆍ` (U+318D). */
export function compactLawName(name: string): string {
  return name.normalize('NFC').replace(/[\s「」『』]/gu, '').replace(/[·・･]/gu, 'ㆍ');
}

/** A shipped law data folder (law-data/current or law-data/history), found from this file in the sources and in the bundle; null when absent. */
export function findLawDataFolder(set: 'current' | 'history' = 'current'): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [path.join(dir, 'law-data', set), path.join(dir, 'apps', 'server', 'law-data', set)]) {
      if (fs.existsSync(path.join(candidate, 'MANIFEST.csv'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  return null;
}

/** The fields of one CSV record (quoted fields may hold commas and doubled quotes). */
export function csvRecord(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') { value += '"'; i += 2; }
        else if (line[i] === '"') { i++; break; }
        else value += line[i++];
      }
      fields.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      fields.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}

const KIND_OF_FILE: Record<string, StatuteKind> = { '법률.md': '법률', '시행령.md': '시행령', '시행규칙.md': '시행규칙' };
const KINDS = new Set<string>(['법률', '시행령', '시행규칙']);
const AMENDMENT_KIND = /\(([^()]*(?:제정|개정|폐지|폐지제정)[^()]*)\)\s*$/u;

/**
 * The entries of one data folder's MANIFEST.csv. The kind comes from a `kind` column when there is
 * one (history layout: {법령명}/{kind}/{file}), else from the file name (current layout:
 * {법령명}/법률.md); rows of another kind (별표, 부칙 files) are skipped. Throws on a missing column.
 */
export function readManifest(root: string): LawIndexEntry[] {
  const [header, ...lines] = fs.readFileSync(path.join(root, 'MANIFEST.csv'), 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
  const columns = csvRecord(header ?? '');
  const col = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`${path.join(root, 'MANIFEST.csv')} lacks the column ${name}`);
    return index;
  };
  const optional = (name: string) => columns.indexOf(name);
  const at = {
    folder: col('법령명'), file: col('file'), title: col('제목'), id: col('법령ID'), mst: col('법령MST'), type: col('법령구분'), pd: col('공포일자'),
    pn: col('공포번호'), ed: col('시행일자'), kind: optional('kind'), ministries: optional('소관부처'), subject: optional('commit_subject'),
  };
  const entries: LawIndexEntry[] = [];
  for (const line of lines) {
    const f = csvRecord(line);
    const file = f[at.file] ?? '';
    const declared = at.kind >= 0 ? f[at.kind] : undefined;
    const kind = (declared && KINDS.has(declared) ? declared : KIND_OF_FILE[path.basename(file).replace(/\.gz$/, '')]) as StatuteKind | undefined;
    if (!kind || !file) continue;
    const subject = at.subject >= 0 ? (f[at.subject] ?? '') : '';
    entries.push({
      root, folder: f[at.folder]!, kind, file, title: f[at.title]!, compactTitle: compactLawName(f[at.title]!),
      lawId: f[at.id]!, lawSerialNumber: f[at.mst]!, lawType: f[at.type]!, promulgationDate: f[at.pd]!,
      promulgationNumber: f[at.pn]!, effectiveDate: f[at.ed]!,
      ministries: at.ministries >= 0 ? (f[at.ministries] ?? '').split(/[,;|]/).map((m) => m.trim()).filter(Boolean) : [],
      amendmentKind: AMENDMENT_KIND.exec(subject)?.[1]?.trim() ?? null,
    });
  }
  return entries;
}

/** The Markdown of an entry's file: `.gz` files are gunzipped; a plain name also finds its `.gz` twin. */
export async function readStatuteSource(entry: LawIndexEntry): Promise<string> {
  const file = path.join(entry.root, entry.folder, entry.file);
  const gzipped = file.endsWith('.gz') ? file : fs.existsSync(file) ? null : `${file}.gz`;
  if (!gzipped) return fs.promises.readFile(file, 'utf8');
  return gunzipSync(await fs.promises.readFile(gzipped)).toString('utf8');
}

let cached: { folder: string; entries: LawIndexEntry[] } | null = null;

/** The shipped statutes in their current version (law-data/current, read once). Throws when the folder is missing. */
export function lawIndex(): { folder: string; entries: readonly LawIndexEntry[] } {
  if (cached) return cached;
  const folder = findLawDataFolder('current');
  if (!folder) throw new Error('law data folder (apps/server/law-data/current) not found');
  cached = { folder, entries: readManifest(folder) };
  return cached;
}

/**
 * Entries of several data folders, each 법령MST once: the first folder's file wins, and a later
 * folder's amendment kind fills a gap (the current set does not name it, the history set does).
 */
export function mergeEntries(...sets: ReadonlyArray<readonly LawIndexEntry[]>): LawIndexEntry[] {
  const byMst = new Map<string, LawIndexEntry>();
  for (const entry of sets.flat()) {
    const seen = byMst.get(entry.lawSerialNumber);
    if (!seen) byMst.set(entry.lawSerialNumber, entry);
    else if (!seen.amendmentKind && entry.amendmentKind) byMst.set(entry.lawSerialNumber, { ...seen, amendmentKind: entry.amendmentKind });
  }
  return [...byMst.values()];
}

let shipped: LawIndexEntry[] | null = null;

/** Every shipped statute version: the current set and the history of 8 Acts (law-data/history), each 법령MST once. */
export function shippedCatalogue(): readonly LawIndexEntry[] {
  if (shipped) return shipped;
  const history = findLawDataFolder('history');
  shipped = mergeEntries(lawIndex().entries, history ? readManifest(history) : []);
  return shipped;
}

/**
 * The shipped statute a name designates: the title with or without spaces, a short name
 * (하도급법), optionally followed by 시행령 / 시행규칙. Null when none.
 */
export function findStatuteEntry(name: string): LawIndexEntry | null {
  let compact = compactLawName(name);
  let kind: StatuteKind = '법률';
  for (const suffix of ['시행규칙', '시행령'] as const) {
    if (compact.endsWith(suffix) && compact.length > suffix.length) {
      kind = suffix;
      compact = compact.slice(0, -suffix.length);
      break;
    }
  }
  const folder = LAW_ALIASES[compact] ?? compact;
  const { entries } = lawIndex();
  return entries.find((e) => e.kind === kind && (e.folder === folder || e.compactTitle === folder)) ?? null;
}
