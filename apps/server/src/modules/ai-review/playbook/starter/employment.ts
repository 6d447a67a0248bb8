import type { PlaybookCheckpoint } from '../playbook.types';
import { LAW, NUM_EN, NUM_KO, law } from './common';

/** 근로계약: 갑 = 사용자 (employer), 을 = 근로자 (employee). */
export const EMPLOYMENT_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'EMPLOYMENT.WAGE_TERMS',
    contractType: 'EMPLOYMENT',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '임금의 구성항목, 계산방법, 지급일과 지급방법이 명시되어 있습니까?', en: 'Are the wage, its components, calculation and payment date and method stated?' },
    metWhen: { ko: '기본급과 수당 등 임금의 구성항목·금액, 계산방법, 매월 지급일과 지급방법을 정합니다.', en: 'The wage and its components, how it is calculated, and the monthly payment date and method are stated.' },
    rationale: {
      ko: '사용자는 근로계약 체결 시 임금의 구성항목·계산방법·지급방법을 서면으로 명시하여 교부해야 합니다(근로기준법 제17조). 누락 시 벌칙 대상이 되고 포괄임금 등 분쟁의 원인이 됩니다.',
      en: 'The employer must state the wage components, calculation and payment method in writing when the contract is made (Labor Standards Act Art. 17); omission is an offence and breeds pay disputes.',
    },
    standardClause: {
      ko: '제○조 (임금) ① 월 임금은 기본급 금 3,000,000원과 식대 금 200,000원으로 한다. ② 임금은 매월 1일부터 말일까지를 산정기간으로 하여 다음 달 10일에 을 명의의 예금계좌로 지급한다.',
      en: 'Wages. The monthly salary is KRW 3,000,000 base pay plus a meal allowance of KRW 200,000, calculated for each calendar month and paid by bank transfer on the 10th of the following month.',
    },
    examples: {
      ko: ['월 기본급은 금 3,000,000원으로 하며, 매월 10일에 근로자 명의의 계좌로 지급한다.', '임금은 매월 25일에 전액을 통화로 직접 지급한다.'],
      en: ['The Employee\'s salary is KRW 40,000,000 per year, paid monthly on the 25th.', 'Wages shall be paid on the 10th of each month by bank transfer.'],
    },
    legalBasis: [law(LAW.labour, '제17조', 1)],
    rule: {
      kind: 'present',
      labels: ['PAYMENT', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:임금|급여|연봉|월급|기본급|보수)[^.]{0,100}?(?:매월|매달)\s*\(?\d+\)?\s*일`,
          String.raw`(?:매월|매달)\s*\(?\d+\)?\s*일[^.]{0,60}?(?:지급|입금|이체)`,
        ],
        en: [
          String.raw`\b(?:salary|wages?|pay)\b[^.]{0,150}\b(?:per\s+(?:month|year|annum|hour)|monthly|annually)\b`,
          String.raw`\b(?:paid|payable)\b[^.]{0,60}\bon\s+the\s+\d+(?:st|nd|rd|th)\b`,
        ],
      },
    },
  },
  {
    code: 'EMPLOYMENT.WORKING_HOURS',
    contractType: 'EMPLOYMENT',
    label: 'OTHER',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '소정근로시간이 주 40시간 이하입니까?', en: 'Are contractual working hours at most 40 per week?' },
    metWhen: { ko: '소정근로시간을 휴게시간을 제외하고 1일 8시간, 1주 40시간 이내로 정합니다(연장근로는 별도 합의).', en: 'Regular hours, excluding breaks, are at most 8 a day and 40 a week; overtime is agreed separately.' },
    rationale: {
      ko: '1주 근로시간은 휴게시간을 제외하고 40시간, 1일 8시간을 초과할 수 없습니다(근로기준법 제50조). 이를 넘는 소정근로시간은 그 부분이 무효이고 연장근로 가산임금 문제가 생깁니다.',
      en: 'Working hours may not exceed 40 a week or 8 a day excluding breaks (Labor Standards Act Art. 50); contractual hours beyond that are invalid to that extent and trigger overtime pay.',
    },
    standardClause: {
      ko: '제○조 (근로시간) ① 소정근로시간은 휴게시간을 제외하고 1일 8시간, 1주 40시간으로 하며, 시업시각은 09:00, 종업시각은 18:00로 한다. ② 연장근로는 당사자 간 합의에 따라 1주 12시간을 한도로 한다.',
      en: 'Working Hours. Regular working hours are 8 hours a day and 40 hours a week, excluding a one-hour break. Overtime requires the Employee\'s agreement and may not exceed 12 hours a week.',
    },
    examples: {
      ko: ['소정근로시간은 1일 8시간, 1주 40시간으로 하며, 휴게시간은 1시간으로 한다.', '1주 소정근로시간은 휴게시간을 제외하고 35시간으로 한다.'],
      en: ['Regular working hours are 8 hours per day and 40 hours per week.', 'The Employee works 35 hours per week, Monday to Friday.'],
    },
    legalBasis: [law(LAW.labour, '제50조', 1), law(LAW.labour, '제17조', 1)],
    // No hours unit exists for thresholds: the rule reads a weekly figure above 40 (or daily above 8) directly.
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:1\s*주|주당?|매주|일주일)\s*(?:간의?\s*)?(?:소정\s*)?(?:근로|근무)\s*시간(?:은|는|을)?\s*(?:휴게\s*시간을?\s*제외하고\s*)?(?:4[1-9]|[5-9]\d|1\d\d)\s*시간`,
          String.raw`(?:1\s*일|하루|1일당)\s*(?:의\s*)?(?:소정\s*)?(?:근로|근무)\s*시간(?:은|는|을)?\s*(?:휴게\s*시간을?\s*제외하고\s*)?(?:9|1\d|2[0-4])\s*시간`,
          String.raw`(?<!연장[^.]{0,20})(?:1\s*주|주당?)\s*(?:4[1-9]|[5-9]\d)\s*시간\s*(?:근무|근로)`,
        ],
        en: [
          String.raw`(?<!overtime[^.]{0,40})\b(?:4[1-9]|[5-9]\d)\s+hours\s+(?:per|a|each)\s+week\b`,
          String.raw`(?<!overtime[^.]{0,40})\b(?:9|1\d)\s+hours\s+(?:per|a|each)\s+day\b`,
        ],
      },
    },
  },
  {
    code: 'EMPLOYMENT.ANNUAL_LEAVE',
    contractType: 'EMPLOYMENT',
    label: 'OTHER',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '연차유급휴가가 정해져 있습니까?', en: 'Is annual paid leave stated?' },
    metWhen: { ko: '근로기준법에 따른 연차유급휴가를 부여한다고 정합니다.', en: 'Annual paid leave is granted as the Labor Standards Act provides.' },
    rationale: {
      ko: '연차유급휴가는 근로계약서에 명시해야 하는 근로조건이며(근로기준법 제17조), 1년간 80% 이상 출근한 근로자에게 15일이 보장됩니다(제60조).',
      en: 'Annual paid leave must be stated in the contract (Labor Standards Act Art. 17) and 15 days are guaranteed after a year with 80% attendance (Art. 60).',
    },
    standardClause: {
      ko: '제○조 (휴가) 갑은 근로기준법 제60조에서 정하는 바에 따라 을에게 연차유급휴가를 부여한다.',
      en: 'Leave. The Employee is entitled to annual paid leave in accordance with Article 60 of the Labor Standards Act.',
    },
    examples: {
      ko: ['연차유급휴가는 근로기준법에서 정하는 바에 따라 부여한다.', '회사는 1년간 80% 이상 출근한 근로자에게 15일의 유급휴가를 준다.'],
      en: ['The Employee shall receive annual paid leave as required by law.', 'The Employee is entitled to 15 days of paid vacation per year.'],
    },
    legalBasis: [law(LAW.labour, '제60조', 1), law(LAW.labour, '제17조', 1)],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`연차\s*(?:유급\s*)?휴가`, String.raw`유급\s*휴가`],
        en: [String.raw`\bannual\s+(?:paid\s+)?leave\b`, String.raw`\bpaid\s+(?:annual\s+)?(?:leave|vacation|holidays?|time\s+off)\b`],
      },
    },
  },
  {
    code: 'EMPLOYMENT.NO_PENALTY_CLAUSE',
    contractType: 'EMPLOYMENT',
    label: 'LIABILITY',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '근로계약 불이행에 대한 위약금이나 손해배상액의 예정이 없습니까?', en: 'Is there no penalty or pre-set damages for breach of the employment contract?' },
    metWhen: { ko: '중도 퇴사 등 근로계약 불이행에 대하여 위약금이나 손해배상액을 미리 정하지 않습니다.', en: 'No penalty or fixed damages are set for breach of the contract, e.g. leaving early.' },
    rationale: {
      ko: '사용자는 근로계약 불이행에 대한 위약금 또는 손해배상액을 예정하는 계약을 체결하지 못하며(근로기준법 제20조), 이러한 조항은 무효이고 벌칙 대상입니다. 의무재직기간 위반 시 정액 배상도 같습니다.',
      en: 'An employer may not agree a penalty or pre-estimated damages for breach of an employment contract (Labor Standards Act Art. 20); such terms, including fixed sums for leaving before a minimum service period, are void and punishable.',
    },
    standardClause: {
      ko: '제○조 (손해배상) 당사자 일방이 고의 또는 과실로 상대방에게 손해를 입힌 경우 실제 발생한 손해를 배상한다. 갑은 근로계약 불이행에 대한 위약금 또는 손해배상액을 예정하지 아니한다.',
      en: 'Damages. Each party is liable only for actual loss it causes by intent or negligence. No penalty or liquidated damages apply to any breach of this contract.',
    },
    examples: {
      ko: ['근로자가 고의 또는 과실로 회사에 손해를 끼친 경우 실제 발생한 손해를 배상한다.', '회사는 근로계약 불이행에 대한 위약금을 정하지 아니한다.'],
      en: ['The Employee is liable only for actual damage caused intentionally or by gross negligence.', 'No penalty applies if the Employee resigns with notice.'],
    },
    legalBasis: [law(LAW.labour, '제20조')],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [
          String.raw`위약금`,
          String.raw`위약벌`,
          String.raw`손해\s*배상\s*(?:액|금)?(?:을|의)?\s*(?:미리\s*)?예정`,
          String.raw`(?:퇴사|퇴직|사직|의무\s*재직|근무\s*기간)[^.]{0,80}?(?:금\s*)?[\d,]+\s*(?:만\s*)?원[^.]{0,40}?(?:배상|지급|반환|변상)`,
        ],
        en: [
          String.raw`\bliquidated\s+damages\b`,
          String.raw`\bpenalt(?:y|ies)\b`,
          String.raw`\b(?:resign\w*|leaves?|quit\w*)\b[^.]{0,120}\b(?:pay|reimburse|forfeit)\b[^.]{0,40}(?:KRW|USD|₩|\$)\s?[\d,]+`,
        ],
      },
      unless: {
        ko: [String.raw`(?:위약금|위약벌|손해\s*배상\s*액)[^.]{0,30}?(?:정하지|예정하지|두지)\s*(?:아니|않)`],
        en: [String.raw`\bno\s+(?:penalt(?:y|ies)|liquidated\s+damages)\b`],
      },
    },
  },
  {
    code: 'EMPLOYMENT.NON_COMPETE_LIMIT',
    contractType: 'EMPLOYMENT',
    label: 'CONFIDENTIALITY',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '퇴직 후 경업금지 기간이 2년 이하입니까?', en: 'Does any post-employment non-compete last at most 2 years?' },
    metWhen: { ko: '경업금지 약정이 없거나, 있다면 퇴직 후 2년 이내(통상 1년)의 기간과 합리적인 지역·업종으로 제한합니다.', en: 'There is no non-compete, or it lasts at most two years (often one) after leaving and is limited in area and business.' },
    rationale: {
      ko: '경업금지 약정은 직업선택의 자유를 제한하므로, 판례는 보호할 이익, 기간·지역·대상, 대가 등을 고려해 과도한 부분을 선량한 풍속 기타 사회질서 위반(민법 제103조)으로 무효로 봅니다. 실무상 2년을 넘는 기간은 인정되기 어렵습니다.',
      en: 'A non-compete restricts the freedom to choose an occupation; courts weigh the protected interest, duration, area and compensation and strike excessive restraints as contrary to public order (Civil Act Art. 103). Periods over two years are rarely upheld.',
    },
    standardClause: {
      ko: '제○조 (경업금지) 을은 퇴직 후 1년간 갑과 경쟁관계에 있는 업체에서 재직 중 담당한 업무와 동일한 업무에 종사하지 아니한다. 갑은 그 대가로 퇴직 시 월 평균임금의 ○개월분을 지급한다.',
      en: 'Non-Competition. For one (1) year after the end of employment the Employee shall not perform the same duties for a direct competitor, in return for compensation paid by the Company on departure.',
    },
    examples: {
      ko: ['근로자는 퇴직 후 1년간 회사와 경쟁관계에 있는 업체에 취업하지 아니한다.', '을은 경업금지 의무에 따라 퇴사일로부터 6개월 동안 동종 업체를 설립하지 아니한다.'],
      en: ['For 12 months after the termination of employment, the Employee shall not work for a competitor.', 'The Employee shall not compete with the Company for a period of one (1) year after leaving.'],
    },
    legalBasis: [law(LAW.civil, '제103조')],
    rule: {
      kind: 'threshold',
      labels: ['OTHER', 'CONFIDENTIALITY'],
      patterns: {
        ko: [
          String.raw`(?:퇴직|퇴사|종료|만료)[^.]{0,20}?(?:후|이후|부터|로부터)\s*${NUM_KO}(?:년|개월)\s*(?:간|동안|이내)[^.]{0,120}?(?:경업|경쟁|동종|취업|창업|설립)`,
          String.raw`(?:경업|경쟁\s*(?:업체|관계|사업)|동종\s*(?:업체|업종|영업))[^.]{0,120}?(?:퇴직|퇴사|종료|만료)[^.]{0,30}?(?:후|이후|부터|로부터)\s*${NUM_KO}(?:년|개월)`,
        ],
        en: [
          String.raw`\bfor\s+(?:a\s+period\s+of\s+)?${NUM_EN}(?:months?|years?)\s+(?:after|following)\s+(?:the\s+)?(?:termination|end|cessation)\b[^.]{0,150}?\b(?:compet\w+|engage|employ)`,
          String.raw`\b(?:compet\w+|non-?compete)\b[^.]{0,150}?\bfor\s+(?:a\s+period\s+of\s+)?${NUM_EN}(?:months?|years?)`,
        ],
      },
      unit: 'YEARS',
      max: 2,
      missing: 'NOT_APPLICABLE',
    },
  },
  {
    code: 'EMPLOYMENT.DISMISSAL_NOTICE',
    contractType: 'EMPLOYMENT',
    label: 'TERMINATION',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '해고 시 30일 이상 전에 예고합니까?', en: 'Does dismissal need at least 30 days\' notice?' },
    metWhen: { ko: '해고하려면 적어도 30일 전에 예고하고, 예고하지 않으면 30일분 이상의 통상임금을 지급한다고 정합니다.', en: 'Dismissal requires at least 30 days\' notice or 30 days\' ordinary wages in lieu.' },
    rationale: {
      ko: '사용자는 해고하려면 적어도 30일 전에 예고해야 하고, 그렇지 않으면 30일분 이상의 통상임금을 지급해야 합니다(근로기준법 제26조). 해고 자체도 정당한 이유가 있어야 합니다(제23조).',
      en: 'An employer must give at least 30 days\' notice of dismissal or pay 30 days\' ordinary wages (Labor Standards Act Art. 26), and dismissal needs just cause (Art. 23).',
    },
    standardClause: {
      ko: '제○조 (해고) 갑은 정당한 이유 없이 을을 해고하지 못하며, 을을 해고하려면 적어도 30일 전에 해고사유와 시기를 서면으로 예고하여야 한다. 30일 전에 예고하지 아니한 경우에는 30일분 이상의 통상임금을 지급한다.',
      en: 'Dismissal. The Company may dismiss the Employee only for just cause and with at least thirty (30) days\' prior written notice stating the reason, or thirty (30) days\' ordinary wages in lieu of notice.',
    },
    examples: {
      ko: ['회사는 근로자를 해고하려면 적어도 30일 전에 서면으로 예고하여야 한다.', '갑이 을을 해고하는 경우 삼십(30)일 전에 예고한다.'],
      en: ['The Company may dismiss the Employee by giving at least 30 days\' written notice.', 'Termination of employment by the Employer requires sixty (60) days\' prior written notice.'],
    },
    legalBasis: [law(LAW.labour, '제26조'), law(LAW.labour, '제23조', 1)],
    rule: {
      kind: 'threshold',
      labels: ['TERMINATION'],
      patterns: {
        ko: [
          String.raw`(?:해고|해지)[^.]{0,40}?${NUM_KO}일\s*전(?:에|까지)?[^.]{0,20}?(?:예고|통지|통보)`,
          String.raw`${NUM_KO}일\s*전(?:에|까지)?\s*(?:서면으로\s*)?(?:예고|통지|통보)[^.]{0,40}?(?:해고|해지)`,
        ],
        en: [
          String.raw`\b(?:dismiss\w*|terminat\w*)\b[^.]{0,80}?${NUM_EN}days'?\s+(?:prior\s+)?(?:written\s+)?notice`,
          String.raw`\bat\s+least\s+${NUM_EN}days'?\s+(?:prior\s+)?(?:written\s+)?notice`,
        ],
      },
      unit: 'DAYS',
      min: 30,
      missing: 'UNCLEAR',
    },
  },
  {
    code: 'EMPLOYMENT.PROBATION_LIMIT',
    contractType: 'EMPLOYMENT',
    label: 'TERM',
    protects: 'PARTY_B',
    risk: 'LOW',
    question: { ko: '수습기간이 3개월 이하입니까?', en: 'Does probation last at most 3 months?' },
    metWhen: { ko: '수습기간이 없거나 입사일부터 3개월 이내로 정합니다.', en: 'There is no probation, or it lasts no more than three months from the start date.' },
    rationale: {
      ko: '근로기준법은 계속 근로기간 3개월 미만인 근로자를 해고예고 대상에서 제외하는 등(제26조 단서) 3개월을 입사 초기의 기준으로 삼고, 수습 중 최저임금 감액도 3개월 이내에 한정됩니다. 3개월을 넘는 수습은 불안정한 지위를 부당하게 늘립니다.',
      en: 'The Labor Standards Act treats the first three months as the initial period (e.g. the notice exception in Art. 26), and reduced minimum wage during probation is limited to three months; a longer probation prolongs an insecure status.',
    },
    standardClause: {
      ko: '제○조 (수습기간) 수습기간은 입사일부터 3개월로 하며, 수습기간 중의 임금은 본 계약에서 정한 임금과 같다.',
      en: 'Probation. The probation period is three (3) months from the start date, on the same pay.',
    },
    examples: {
      ko: ['수습기간은 입사일부터 3개월로 한다.', '신규 입사자는 수습 기간 2개월을 거친다.'],
      en: ['The probation period is 3 months from the start date.', 'The Employee shall serve a probationary period of two (2) months.'],
    },
    legalBasis: [law(LAW.labour, '제26조')],
    rule: {
      kind: 'threshold',
      labels: ['TERM', 'OTHER'],
      patterns: {
        ko: [String.raw`수습\s*(?:기간|근로자|사원)?[^.]{0,40}?${NUM_KO}(?:개월|월|년)`],
        en: [String.raw`\bprobation\w*\b[^.]{0,60}?${NUM_EN}(?:months?|years?|days)`],
      },
      unit: 'MONTHS',
      max: 3,
      missing: 'NOT_APPLICABLE',
    },
  },
  {
    code: 'EMPLOYMENT.PLACE_AND_DUTIES',
    contractType: 'EMPLOYMENT',
    label: 'PURPOSE',
    protects: 'BOTH',
    risk: 'LOW',
    question: { ko: '근무장소와 담당업무가 정해져 있습니까?', en: 'Are the place of work and duties stated?' },
    metWhen: { ko: '취업의 장소와 종사할 업무를 정합니다.', en: 'The place of work and the duties are stated.' },
    rationale: {
      ko: '취업의 장소와 종사하여야 할 업무는 근로계약 시 명시할 근로조건입니다(근로기준법 제17조, 같은 법 시행령 제8조). 정함이 없으면 전보·배치전환의 정당성을 다투기 어렵습니다.',
      en: 'The place of work and duties are conditions that must be stated (Labor Standards Act Art. 17; Enforcement Decree Art. 8); without them transfers are hard to contest.',
    },
    standardClause: {
      ko: '제○조 (근무장소 및 업무) 을의 근무장소는 서울시 ○○구 소재 갑의 본사로 하고, 담당업무는 회계 및 재무 관리 업무로 한다.',
      en: 'Place and Duties. The Employee\'s place of work is the Company\'s head office in Seoul and the Employee\'s duties are accounting and finance.',
    },
    examples: {
      ko: ['근무장소는 회사 본사로 하고, 담당 업무는 영업 관리로 한다.', '종사할 업무는 소프트웨어 개발이며 근무장소는 판교 사무소로 한다.'],
      en: ['The place of work is the Company\'s Seoul office and the Employee\'s duties are software development.', 'The Employee\'s position is Sales Manager and the workplace is the Busan branch.'],
    },
    legalBasis: [law(LAW.labour, '제17조', 1), law(LAW.labourDecree, '제8조')],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`(?:근무|취업)\s*장소[\s\S]{0,200}?업무`, String.raw`업무[\s\S]{0,200}?(?:근무|취업)\s*장소`],
        en: [
          String.raw`\b(?:place\s+of\s+work|work\s*place|workplace|work\s+location)\b[\s\S]{0,200}?\b(?:duties|position|role|job)\b`,
          String.raw`\b(?:duties|position|role|job)\b[\s\S]{0,200}?\b(?:place\s+of\s+work|work\s*place|workplace|work\s+location)\b`,
        ],
      },
    },
  },
];
