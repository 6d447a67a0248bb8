import type { ContractType } from '@legal/api';
import { CONTRACT_EXAMPLES, type ContractExample, type ExampleLanguage, readExample } from './contract-examples';
import { cosine, documentFrequencies, termCounts, tfidf, type TermVector } from './text-similarity';

/**
 * Contract-type prediction by nearest labelled examples: each type scores the cosine similarity
 * of the text to its most similar example (TF-IDF over Hangul bigrams and English words). The
 * opening lines (the title, the parties, the purpose) count TITLE_WEIGHT times: on general grounds
 * a contract names its kind at the top, below which much boilerplate is shared by every type.
 */

const TITLE_CHARS = 300;
const TITLE_WEIGHT = 3;
/** How much naming the kind in the title counts beside the nearest-example similarity. */
const NAME_WEIGHT = 0.5;

/**
 * The words that name each kind of contract in a title, from the contract catalogue's names and
 * common usage (not from the examples' wording). Matched in the first TITLE_CHARS characters,
 * lower-cased, spaces removed for Korean.
 */
export const CONTRACT_TYPE_NAMES: Readonly<Partial<Record<ContractType, { ko: string[]; en: string[] }>>> = {
  NDA: { ko: ['비밀유지', '기밀유지', '비밀보장'], en: ['non-disclosure', 'nondisclosure', 'nda', 'confidentiality agreement'] },
  SERVICE: { ko: ['용역', '컨설팅', '자문계약', '대행계약', '업무위임'], en: ['services agreement', 'service agreement', 'consulting', 'contractor agreement', 'statement of work'] },
  SUPPLY: { ko: ['물품공급', '공급계약', '납품계약', '구매계약'], en: ['supply agreement', 'purchase agreement', 'procurement'] },
  SALES: { ko: ['매매계약', '양수도'], en: ['sale agreement', 'sales agreement', 'purchase and sale'] },
  LEASE: { ko: ['임대차', '임대계약', '전대차'], en: ['lease', 'tenancy', 'rental agreement'] },
  EMPLOYMENT: { ko: ['근로계약', '고용계약', '연봉계약'], en: ['employment', 'offer letter'] },
  LICENSE: { ko: ['라이선스', '라이센스', '사용허락', '이용허락', '이용계약', '구독'], en: ['license', 'licence', 'subscription', 'cloud service', 'saas'] },
  PARTNERSHIP: { ko: ['제휴', '공동연구', '공동개발', '협력계약', '합작'], en: ['partnership', 'collaboration', 'joint venture', 'alliance', 'co-development'] },
  MOU: { ko: ['양해각서', '업무협약', '협약서', 'mou'], en: ['memorandum of understanding', 'letter of intent', 'mou', 'loi'] },
  OUTSOURCING: { ko: ['위탁계약', '업무위탁', '처리위탁', '아웃소싱'], en: ['outsourcing', 'data processing agreement', 'processing agreement', 'dpa'] },
  SUBCONTRACT: { ko: ['하도급', '제조위탁'], en: ['subcontract'] },
  CONSTRUCTION: { ko: ['공사도급', '공사계약', '건설공사'], en: ['construction'] },
  LOAN: { ko: ['금전소비대차', '대출계약', '차용'], en: ['loan agreement', 'promissory note', 'credit agreement'] },
  INVESTMENT: { ko: ['투자계약', '주식인수', '신주인수'], en: ['investment agreement', 'stock purchase', 'subscription agreement for shares', 'safe'] },
  DISTRIBUTION: { ko: ['대리점', '총판', '유통계약', '판매점'], en: ['distribution', 'distributor', 'dealer', 'reseller'] },
  AMENDMENT: { ko: ['변경계약', '수정계약', '변경합의'], en: ['amendment', 'addendum'] },
};

/** The types whose names appear in the opening of the text. */
export function typesNamedInTitle(text: string): Set<ContractType> {
  const head = text.replace(/^---\n[\s\S]*?\n---\n/, '').trim().slice(0, TITLE_CHARS).toLowerCase();
  const compact = head.replace(/\s+/g, '');
  const named = new Set<ContractType>();
  for (const [type, names] of Object.entries(CONTRACT_TYPE_NAMES) as Array<[ContractType, { ko: string[]; en: string[] }]>) {
    if (names.ko.some((n) => compact.includes(n)) || names.en.some((n) => new RegExp(`(^|[^a-z])${n.replace(/[-]/g, '\\-')}([^a-z]|$)`).test(head))) named.add(type);
  }
  return named;
}

export interface TypeScore {
  contractType: ContractType;
  /** Cosine similarity to the type's nearest example, 0..1. */
  score: number;
}

interface Indexed {
  example: ContractExample;
  counts: Map<string, number>;
}

/** A text's term counts with the opening part weighted. */
export function weightedCounts(text: string): Map<string, number> {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
  const counts = termCounts(body);
  const head = termCounts(body.trim().slice(0, TITLE_CHARS));
  for (const [term, n] of head) counts.set(term, (counts.get(term) ?? 0) + n * (TITLE_WEIGHT - 1));
  return counts;
}

export class ContractTypePredictor {
  private readonly indexed: Indexed[];
  private readonly df: Map<string, number>;
  private readonly vectors: TermVector[];

  constructor(examples: ReadonlyArray<{ example: ContractExample; text: string }>) {
    this.indexed = examples.map(({ example, text }) => ({ example, counts: weightedCounts(text) }));
    this.df = documentFrequencies(this.indexed.map((i) => i.counts));
    this.vectors = this.indexed.map((i) => tfidf(i.counts, this.df, this.indexed.length));
  }

  /**
   * Every type that has an example, best first. `language` restricts the examples to that
   * language when it has any; `exclude` leaves one example out (leave-one-out evaluation).
   */
  predict(text: string, options: { language?: ExampleLanguage; exclude?: string; examplesOnly?: boolean } = {}): TypeScore[] {
    const q = tfidf(weightedCounts(text), this.df, this.indexed.length);
    const sameLanguage = options.language && this.indexed.some((i) => i.example.language === options.language);
    const best = new Map<ContractType, number>();
    this.indexed.forEach((item, i) => {
      if (item.example.file === options.exclude) return;
      if (sameLanguage && item.example.language !== options.language) return;
      const score = cosine(q, this.vectors[i]!);
      if (score > (best.get(item.example.contractType) ?? -1)) best.set(item.example.contractType, score);
    });
    const named = options.examplesOnly ? new Set<ContractType>() : typesNamedInTitle(text);
    for (const type of named) if (!best.has(type)) best.set(type, 0);
    const combined = [...best].map(([contractType, similarity]) => {
      const score = options.examplesOnly ? similarity : (1 - NAME_WEIGHT) * similarity + NAME_WEIGHT * (named.has(contractType) ? 1 : 0);
      return { contractType, score: Math.round(score * 1000) / 1000 };
    });
    return combined.sort((a, b) => b.score - a.score);
  }
}

let shared: ContractTypePredictor | null = null;

/** The predictor over the shipped examples (built once). */
export function contractTypePredictor(): ContractTypePredictor {
  shared ??= new ContractTypePredictor(CONTRACT_EXAMPLES.map((example) => ({ example, text: readExample(example) })));
  return shared;
}

/** Guesses the text's language from its letters: Hangul syllables against Latin letters. */
export function detectLanguage(text: string): ExampleLanguage {
  const hangul = text.match(/[가-힣]/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return hangul * 2 >= latin ? 'ko' : 'en';
}

/** The contract types ranked by similarity of the text to the labelled examples. */
export function predictContractType(text: string, language: ExampleLanguage = detectLanguage(text)): TypeScore[] {
  return contractTypePredictor().predict(text, { language });
}

/** Leave-one-out accuracy over the shipped examples: each predicted from all the others. */
export function leaveOneOut(options: { examplesOnly?: boolean } = {}): { total: number; correct: number; accuracy: number; misses: Array<{ file: string; expected: ContractType; predicted: ContractType | null }> } {
  const predictor = contractTypePredictor();
  const misses: Array<{ file: string; expected: ContractType; predicted: ContractType | null }> = [];
  let correct = 0;
  for (const example of CONTRACT_EXAMPLES) {
    const [top] = predictor.predict(readExample(example), { language: example.language, exclude: example.file, examplesOnly: options.examplesOnly });
    if (top?.contractType === example.contractType) correct++;
    else misses.push({ file: example.file, expected: example.contractType, predicted: top?.contractType ?? null });
  }
  return { total: CONTRACT_EXAMPLES.length, correct, accuracy: correct / CONTRACT_EXAMPLES.length, misses };
}
