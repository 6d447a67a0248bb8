import type { OutboundFetch } from '../../platform/http/outbound';

/**
 * A client of the National Law Information Center's Open API (법제처 국가법령정보 공동활용, "DRF"):
 * `lawSearch.do` lists and `lawService.do` bodies, `type=JSON`, authenticated by the OC value the
 * operator was issued. Targets used: `prec` (판례), `admrul` (행정규칙), `ordin` (자치법규).
 *
 * The answers are read leniently, as the guide and real answers differ in small ways: a list of
 * one comes as an object, dates come as `20250605` or `2025.06.05`, texts carry `<br/>` tags, and
 * a missing field is absent or empty. Every value is normalised here; nothing downstream sees the
 * source's shapes. Tested against a loopback stand-in answering those shapes (docs/legal-research.md).
 */

export interface DrfConfig {
  baseUrl: string;
  oc: string;
}

export class DrfError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DrfError';
  }
}

export interface DrfPrecedentHit {
  precedentId: string;
  caseNumber: string;
  caseName: string;
  courtName: string;
  decisionDate: string | null;
  caseType: string | null;
  judgmentType: string | null;
}

export interface DrfPrecedent extends DrfPrecedentHit {
  holdings: string | null;
  summary: string | null;
  referencedArticles: string | null;
  referencedCases: string | null;
  text: string | null;
}

export interface DrfArticle {
  key: string;
  title: string | null;
  text: string;
}

export interface DrfAdminRule {
  serialNumber: string;
  ruleId: string | null;
  name: string;
  kind: string | null;
  agency: string | null;
  agencyCode: string | null;
  issuedDate: string | null;
  issueNumber: string | null;
  effectiveDate: string | null;
  articles: DrfArticle[];
}

export interface DrfOrdinance {
  serialNumber: string;
  ordinanceId: string | null;
  name: string;
  kind: string | null;
  government: string | null;
  governmentCode: string | null;
  promulgationDate: string | null;
  promulgationNumber: string | null;
  effectiveDate: string | null;
  articles: DrfArticle[];
}

type Json = Record<string, unknown>;

/** A string field, trimmed; null when absent or empty. */
function field(record: Json | undefined, ...names: string[]): string | null {
  for (const name of names) {
    const value = record?.[name];
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** `20250605`, `2025.06.05`, `2025-06-05` or `2025. 6. 5.` -> `2025-06-05`; null otherwise. */
export function drfDate(value: string | null): string | null {
  if (!value) return null;
  const parts = value.trim().match(/^(\d{4})\D*(\d{1,2})\D*(\d{1,2})\D*$/);
  return parts ? `${parts[1]}-${parts[2]!.padStart(2, '0')}-${parts[3]!.padStart(2, '0')}` : null;
}

/** The source's markup (`<br/>`, `<p>`, entities) as plain text with line breaks. */
export function drfText(value: string | null): string | null {
  if (!value) return null;
  const text = value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

function list(value: unknown): Json[] {
  if (Array.isArray(value)) return value.filter((v): v is Json => typeof v === 'object' && v !== null);
  return typeof value === 'object' && value !== null ? [value as Json] : [];
}

const ARTICLE_START = /^제(\d+)조(?:의(\d+))?\s*(?:\(([^)]*)\))?\s*/u;

/** An article text as the source writes it ("제1조(목적) 이 규칙은 ..."), split into key, title and text. */
export function drfArticle(raw: string, title: string | null = null): DrfArticle {
  const text = drfText(raw) ?? '';
  const match = text.match(ARTICLE_START);
  if (!match) return { key: '', title, text };
  return { key: `제${match[1]}조${match[2] ? `의${match[2]}` : ''}`, title: title ?? match[3] ?? null, text: text.slice(match[0].length).trim() };
}

function precedentHit(item: Json): DrfPrecedentHit | null {
  const precedentId = field(item, '판례일련번호', '판례정보일련번호', 'ID');
  const caseNumber = field(item, '사건번호');
  if (!precedentId || !caseNumber) return null;
  return {
    precedentId,
    caseNumber,
    caseName: field(item, '사건명') ?? caseNumber,
    courtName: field(item, '법원명') ?? '',
    decisionDate: drfDate(field(item, '선고일자')),
    caseType: field(item, '사건종류명'),
    judgmentType: field(item, '판결유형'),
  };
}

export interface PrecedentSearch {
  /** Words searched in the case name (`search=1`) or the whole text (`search=2`). */
  query?: string;
  fullText?: boolean;
  /** A case number (`nb`), e.g. 2025다210470. */
  caseNumber?: string;
  /** Decision dates, inclusive (`prncYd=YYYYMMDD~YYYYMMDD`). */
  from?: string;
  to?: string;
  page: number;
  display: number;
}

export interface DrfClient {
  searchPrecedents(search: PrecedentSearch, signal?: AbortSignal): Promise<{ total: number; items: DrfPrecedentHit[] }>;
  precedent(precedentId: string, signal?: AbortSignal): Promise<DrfPrecedent | null>;
  adminRule(serialNumber: string, signal?: AbortSignal): Promise<DrfAdminRule | null>;
  ordinance(serialNumber: string, signal?: AbortSignal): Promise<DrfOrdinance | null>;
}

/** A decision's page on law.go.kr, for people (never carries the OC). */
export const precedentUrl = (precedentId: string) => `https://www.law.go.kr/LSW/precInfoP.do?precSeq=${encodeURIComponent(precedentId)}`;
export const adminRuleUrl = (serialNumber: string) => `https://www.law.go.kr/LSW/admRulInfoP.do?admRulSeq=${encodeURIComponent(serialNumber)}`;
export const ordinanceUrl = (serialNumber: string) => `https://www.law.go.kr/LSW/ordinInfoP.do?ordinSeq=${encodeURIComponent(serialNumber)}`;

const compactDate = (date: string) => date.replaceAll('-', '');

export function createDrfClient(config: DrfConfig, fetch: OutboundFetch): DrfClient {
  async function call(endpoint: 'lawSearch.do' | 'lawService.do', params: Record<string, string>, signal?: AbortSignal): Promise<Json> {
    const url = new URL(`${config.baseUrl}/${endpoint}`);
    for (const [name, value] of Object.entries({ OC: config.oc, type: 'JSON', ...params })) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      throw new DrfError(`the law Open API did not answer (${endpoint} ${params.target})`, { cause: error });
    }
    const body = await response.text();
    if (!response.ok) throw new DrfError(`the law Open API answered HTTP ${response.status} (${endpoint} ${params.target})`);
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      return parsed as Json;
    } catch {
      // An unknown OC or a refused address gets an HTML or plain-text page with status 200.
      throw new DrfError(`the law Open API answered something other than JSON (${endpoint} ${params.target}): check LAW_OPEN_API_OC`);
    }
  }

  return {
    async searchPrecedents(search, signal) {
      const params: Record<string, string> = { target: 'prec', page: String(search.page), display: String(search.display), sort: 'ddes' };
      if (search.query) params.query = search.query;
      if (search.fullText) params.search = '2';
      if (search.caseNumber) params.nb = search.caseNumber;
      if (search.from || search.to) params.prncYd = `${compactDate(search.from ?? '1900-01-01')}~${compactDate(search.to ?? '2999-12-31')}`;
      const answer = (await call('lawSearch.do', params, signal)).PrecSearch as Json | undefined;
      const items = list(answer?.prec).map(precedentHit).filter((hit): hit is DrfPrecedentHit => hit !== null);
      return { total: Number(field(answer, 'totalCnt') ?? items.length) || 0, items };
    },

    async precedent(precedentId, signal) {
      const record = (await call('lawService.do', { target: 'prec', ID: precedentId }, signal)).PrecService as Json | undefined;
      const hit = record ? precedentHit({ ...record, 판례일련번호: field(record, '판례정보일련번호', '판례일련번호') ?? precedentId }) : null;
      if (!record || !hit) return null;
      return {
        ...hit,
        holdings: drfText(field(record, '판시사항')),
        summary: drfText(field(record, '판결요지')),
        referencedArticles: drfText(field(record, '참조조문')),
        referencedCases: drfText(field(record, '참조판례')),
        text: drfText(field(record, '판례내용')),
      };
    },

    async adminRule(serialNumber, signal) {
      const service = (await call('lawService.do', { target: 'admrul', ID: serialNumber }, signal)).AdmRulService as Json | undefined;
      const info = list(service?.행정규칙기본정보)[0];
      const name = field(info, '행정규칙명');
      if (!service || !info || !name) return null;
      const raw = service.조문내용;
      const texts = Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : typeof raw === 'string' ? [raw] : [];
      return {
        serialNumber: field(info, '행정규칙일련번호') ?? serialNumber,
        ruleId: field(info, '행정규칙ID'),
        name,
        kind: field(info, '행정규칙종류'),
        agency: field(info, '소관부처명'),
        agencyCode: field(info, '소관부처코드'),
        issuedDate: drfDate(field(info, '발령일자')),
        issueNumber: field(info, '발령번호'),
        effectiveDate: drfDate(field(info, '시행일자')),
        articles: texts.map((text) => drfArticle(text)).filter((a) => a.text || a.key),
      };
    },

    async ordinance(serialNumber, signal) {
      const service = (await call('lawService.do', { target: 'ordin', MST: serialNumber }, signal)).LawService as Json | undefined;
      const info = list(service?.자치법규기본정보)[0];
      const name = field(info, '자치법규명');
      if (!service || !info || !name) return null;
      const articles = list((service.조문 as Json | undefined)?.조).map((article) => drfArticle(field(article, '조내용') ?? '', field(article, '조제목')));
      return {
        serialNumber: field(info, '자치법규일련번호') ?? serialNumber,
        ordinanceId: field(info, '자치법규ID'),
        name,
        kind: field(info, '자치법규종류'),
        government: field(info, '지자체기관명'),
        governmentCode: field(info, '지자체기관코드'),
        promulgationDate: drfDate(field(info, '공포일자')),
        promulgationNumber: field(info, '공포번호'),
        effectiveDate: drfDate(field(info, '시행일자')),
        articles: articles.filter((a) => a.text || a.key),
      };
    },
  };
}
