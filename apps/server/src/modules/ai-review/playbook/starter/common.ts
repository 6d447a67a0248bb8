import type { LawReference, LocalizedPatterns } from '../playbook.types';

/** Statute titles exactly as the law data's front matter (`제목`) spells them. */
export const LAW = {
  civil: '민법',
  commercial: '상법',
  civilProcedure: '민사소송법',
  civilExecution: '민사집행법',
  standardTerms: '약관의 규제에 관한 법률',
  subcontracting: '하도급거래 공정화에 관한 법률',
  labour: '근로기준법',
  labourDecree: '근로기준법 시행령',
  commercialLease: '상가건물 임대차보호법',
  commercialLeaseDecree: '상가건물 임대차보호법 시행령',
  housingLease: '주택임대차보호법',
  housingLeaseDecree: '주택임대차보호법 시행령',
  unfairCompetition: '부정경쟁방지 및 영업비밀보호에 관한 법률',
  copyright: '저작권법',
  patent: '특허법',
  fairTrade: '독점규제 및 공정거래에 관한 법률',
} as const;

export function law(lawName: string, article: string, paragraph?: number): LawReference {
  return paragraph === undefined ? { lawName, article } : { lawName, article, paragraph };
}

/**
 * A number as contracts write it, captured as group 1: 30, (30), 삼십(30) in Korean; 30, (30),
 * thirty (30) in English. The unit follows the capture, so the engine can convert it.
 */
export const NUM_KO = String.raw`(?:[일이삼사오육칠팔구십백]+\s*)?\(?(\d+(?:\.\d+)?)\)?\s*`;
export const NUM_EN = String.raw`(?:[a-z]+(?:[\s-][a-z]+)?\s+)?\(?(\d+(?:\.\d+)?)\)?\s*`;
/** "days" as English contracts write it. */
const DAYS_EN = String.raw`(?:calendar\s+|business\s+|working\s+)?days`;

/** Payment within N days of an invoice, acceptance or receipt (the number in days). */
export const PAYMENT_DAYS: LocalizedPatterns = {
  ko: [
    String.raw`(?:후|부터|로부터)\s*${NUM_KO}일\s*(?:이내|내|안)[^.]{0,40}?(?:지급|지불|송금|입금)`,
    String.raw`(?:지급|지불)\s*(?:기한|기일)(?:은|는)?[^.]{0,40}?${NUM_KO}일`,
    String.raw`${NUM_KO}일\s*(?:이내|내)에?\s*(?:[^.]{0,30}?)(?:지급|지불|송금|입금)`,
  ],
  en: [
    String.raw`\b(?:pay|paid|payable|due|remit)\b[^.]{0,60}?\bwithin\s+${NUM_EN}${DAYS_EN}`,
    String.raw`\bwithin\s+${NUM_EN}${DAYS_EN}\b[^.]{0,80}?\b(?:pay|paid|payable|payment)\b`,
  ],
};

/** Interest or damages on late payment. */
export const LATE_INTEREST: LocalizedPatterns = {
  ko: [
    String.raw`지연\s*(?:이자|손해금|배상금)`,
    String.raw`연체\s*(?:이자|이율|료)`,
    String.raw`(?:지연|지체|연체)[^.]{0,40}?연\s*\(?\d+(?:\.\d+)?\)?\s*(?:%|퍼센트|푼)`,
  ],
  en: [
    String.raw`\blate\s+(?:payment\s+)?(?:interest|charges?|fees?)\b`,
    String.raw`\binterest\b[^.]{0,80}\b(?:overdue|late|unpaid|past\s+due|delay\w*)\b`,
    String.raw`\b(?:overdue|unpaid|late|past\s+due)\s+(?:amounts?|sums?|payments?|invoices?)\b[^.]{0,80}\binterest\b`,
  ],
};

/** A cap on liability (an amount, the fees, a maximum). */
export const LIABILITY_CAP: LocalizedPatterns = {
  ko: [
    String.raw`(?:손해\s*배상|배상)\s*(?:책임|액|금)?의?\s*(?:총액|한도|상한)`,
    String.raw`(?:계약\s*금액|대금|수수료|보수|용역료|사용료|실시료)[^.]{0,40}?(?:을|를)\s*(?:한도로|초과하지)`,
    String.raw`(?:배상|책임)[^.]{0,60}?(?:한도로\s*한다|초과하지\s*(?:아니|않)(?:는|한다))`,
  ],
  en: [
    String.raw`\b(?:aggregate|total|maximum|cumulative)\s+liability\b`,
    String.raw`\bliability\b[^.]{0,160}\b(?:shall\s+not\s+exceed|will\s+not\s+exceed|limited\s+to|capped\s+at)\b`,
    String.raw`\bin\s+no\s+event\b[^.]{0,120}\bexceed\b`,
  ],
};

/** Written notice, or notice some days ahead, before terminating. */
export const TERMINATION_NOTICE: LocalizedPatterns = {
  ko: [
    String.raw`(?:서면|문서)[^.]{0,30}?(?:통지|통보|최고)[^.]{0,80}?(?:해지|해제)`,
    String.raw`(?:해지|해제)[^.]{0,60}?(?:서면|문서)[^.]{0,20}?(?:통지|통보|최고)`,
    String.raw`\(?\d+\)?\s*일\s*전(?:에|까지)?[^.]{0,30}?(?:통지|통보)`,
  ],
  en: [
    String.raw`\bwritten\s+notice\b`,
    String.raw`\bnotice\s+in\s+writing\b`,
    String.raw`\(?\d+\)?\s+days'?\s+(?:prior\s+)?(?:written\s+)?notice\b`,
  ],
};

/** A named court or arbitration. */
export const FORUM: LocalizedPatterns = {
  ko: [String.raw`관할\s*법원`, String.raw`[가-힣]+(?:지방)?법원`, String.raw`중재`, String.raw`전속\s*관할`],
  en: [String.raw`\bcourts?\s+(?:of|in|located\s+in)\b`, String.raw`\bjurisdiction\b`, String.raw`\barbitrat\w+`, String.raw`\bvenue\b`],
};
