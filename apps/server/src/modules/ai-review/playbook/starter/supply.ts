import type { PlaybookCheckpoint } from '../playbook.types';
import { LAW, LIABILITY_CAP, NUM_EN, NUM_KO, PAYMENT_DAYS, TERMINATION_NOTICE, law } from './common';

/** 물품공급계약: 갑 = 매수인 (buyer), 을 = 공급자 (supplier). */
export const SUPPLY_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'SUPPLY.DELIVERY_TERMS',
    contractType: 'SUPPLY',
    label: 'OTHER',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '납품일과 납품장소가 정해져 있습니까?', en: 'Are the delivery date and place stated?' },
    metWhen: { ko: '물품의 납기(또는 개별 발주서에 따른 납기)와 납품장소를 정합니다.', en: 'The delivery date (or the date in each purchase order) and the place of delivery are stated.' },
    rationale: {
      ko: '납기와 장소가 없으면 이행지체 여부와 운송비·위험 부담을 다투게 됩니다. 특정물 인도 장소를 정하지 않으면 계약 당시 물건이 있던 곳이 이행장소가 됩니다(민법 제467조).',
      en: 'Without them, delay and transport costs become disputes; absent agreement a specific thing is delivered where it was when the contract was made (Civil Act Art. 467).',
    },
    standardClause: {
      ko: '제○조 (납품) 을은 개별 발주서에 기재된 납기까지 물품을 갑이 지정한 장소(갑의 ○○공장)에 납품한다.',
      en: 'Delivery. The Supplier shall deliver the Products to the Buyer\'s warehouse designated in each purchase order on or before the delivery date stated in it.',
    },
    examples: {
      ko: ['을은 발주서에 기재된 납기까지 물품을 갑의 공장에 납품한다.', '납품장소는 갑의 물류창고로 하고, 납품일은 매월 10일로 한다.'],
      en: ['The Supplier shall deliver the Products to the Buyer\'s warehouse on or before the delivery date in each order.', 'Delivery shall be made DAP Seoul by the delivery date.'],
    },
    legalBasis: [law(LAW.civil, '제467조', 1)],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:납기|납품\s*(?:일|기한|기일)|인도\s*(?:일|기한|기일))[\s\S]{0,200}?(?:장소|창고|공장|현장|사업장)`,
          String.raw`(?:장소|창고|공장|현장|사업장)[\s\S]{0,200}?(?:납기|납품\s*(?:일|기한|기일)|인도\s*(?:일|기한|기일)|까지\s*(?:납품|인도))`,
        ],
        en: [
          String.raw`\bdeliver\w*\b[^.]{0,150}\b(?:on\s+or\s+before|delivery\s+date)\b`,
          String.raw`\b(?:premises|warehouse|facility|site|address)\b[^.]{0,150}\b(?:on\s+or\s+before|delivery\s+date)\b`,
          String.raw`\b(?:EXW|FCA|FOB|CFR|CIF|CPT|CIP|DAP|DPU|DDP)\b`,
        ],
      },
    },
  },
  {
    code: 'SUPPLY.INSPECTION_DEADLINE',
    contractType: 'SUPPLY',
    label: 'OTHER',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '검사가 납품 후 30일 이내의 정해진 기간에 이루어집니까?', en: 'Is inspection to be done within a stated period of at most 30 days after delivery?' },
    metWhen: { ko: '매수인이 납품일부터 30일 이내의 기간(예: 7일)에 검사하고 결과를 통지한다고 정합니다.', en: 'The buyer inspects and notifies the result within a stated period of no more than 30 days (e.g. 7) after delivery.' },
    rationale: {
      ko: '상인 간 매매에서 매수인은 수령 후 지체 없이 검사하고 하자를 즉시 통지해야 하며, 그렇지 않으면 해제·감액·손해배상을 청구하지 못합니다(상법 제69조 제1항). 검사기간이 길면 공급자는 대금과 책임이 장기간 불확정한 상태에 놓입니다.',
      en: 'Between merchants the buyer must inspect without delay and notify defects at once, or lose its remedies (Commercial Act Art. 69(1)). A long inspection period leaves the supplier\'s payment and liability open.',
    },
    standardClause: {
      ko: '제○조 (검사) 갑은 물품을 수령한 날부터 7일 이내에 검사하여 그 결과를 을에게 서면으로 통지하며, 그 기간 내에 통지하지 아니하면 검사에 합격한 것으로 본다.',
      en: 'Inspection. The Buyer shall inspect the Products within seven (7) days after delivery and notify the result in writing; Products not rejected within that period are deemed accepted.',
    },
    examples: {
      ko: ['갑은 물품을 수령한 날부터 7일 이내에 검사를 마치고 결과를 통지한다.', '검수는 납품 후 십오(15)일 이내에 한다.'],
      en: ['The Buyer shall inspect the Products within seven (7) days after delivery.', 'Within 10 days of receipt, the Buyer shall inspect the goods and report any defect.'],
    },
    legalBasis: [law(LAW.commercial, '제69조', 1)],
    rule: {
      kind: 'threshold',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:수령|인도|납품|도착|입고)[^.]{0,20}?(?:후|부터|로부터)\s*${NUM_KO}일\s*(?:이내|내)에?[^.]{0,30}?(?:검사|검수)`,
          String.raw`(?:검사|검수)[^.]{0,60}?(?:수령|인도|납품|도착|입고)[^.]{0,20}?(?:후|부터|로부터)\s*${NUM_KO}일`,
          String.raw`(?:검사|검수)(?:는|은)?\s*(?:수령|인도|납품|입고)\s*(?:후|부터|로부터)\s*${NUM_KO}일`,
        ],
        en: [
          String.raw`\binspect\w*\b[^.]{0,80}?\bwithin\s+${NUM_EN}(?:calendar\s+|business\s+|working\s+)?days`,
          String.raw`\bwithin\s+${NUM_EN}(?:calendar\s+|business\s+|working\s+)?days\s+(?:after|of|following|from)\s+(?:the\s+)?(?:delivery|receipt)\b[^.]{0,60}\binspect`,
        ],
      },
      unit: 'DAYS',
      max: 30,
      missing: 'UNCLEAR',
    },
  },
  {
    code: 'SUPPLY.WARRANTY_PERIOD',
    contractType: 'SUPPLY',
    label: 'LIABILITY',
    protects: 'PARTY_A',
    risk: 'MEDIUM',
    question: { ko: '6개월 이상의 하자담보(품질보증) 기간이 정해져 있습니까?', en: 'Is a defect warranty period of at least 6 months stated?' },
    metWhen: { ko: '납품 또는 검수 후 6개월 이상(예: 1년)의 하자보증 기간 동안 공급자가 하자를 보수·교환한다고 정합니다.', en: 'The supplier repairs or replaces defects during a warranty period of at least six months (e.g. one year) after delivery or acceptance.' },
    rationale: {
      ko: '상인 간 매매에서는 즉시 발견할 수 없는 하자도 수령 후 6개월 내에 발견·통지하지 않으면 책임을 묻기 어렵습니다(상법 제69조 제1항). 민법상 하자담보 권리도 안 날부터 6월 내에 행사해야 하므로(민법 제580조, 제582조) 그보다 긴 약정 보증기간이 매수인을 보호합니다.',
      en: 'Between merchants hidden defects must be found and notified within six months of receipt (Commercial Act Art. 69(1)), and Civil Act warranty claims lapse six months after discovery (Arts. 580, 582); a longer contractual warranty protects the buyer.',
    },
    standardClause: {
      ko: '제○조 (하자담보) 을은 검수 완료일부터 1년간 물품의 품질을 보증하며, 그 기간 중 발견된 하자에 대하여 갑의 선택에 따라 무상으로 수리, 교환하거나 대금을 감액한다.',
      en: 'Warranty. The Supplier warrants the Products for a period of twelve (12) months from acceptance and shall, at the Buyer\'s option, repair or replace defective Products or refund the price.',
    },
    examples: {
      ko: ['하자보증기간은 검수 완료일부터 12개월로 한다.', '을은 납품 후 1년간 물품의 하자에 대하여 무상으로 수리 또는 교환한다.'],
      en: ['The warranty period is 12 months from acceptance.', 'The Supplier warrants that the Products will be free from defects for a period of two (2) years from delivery.'],
    },
    legalBasis: [law(LAW.commercial, '제69조', 1), law(LAW.civil, '제580조', 1), law(LAW.civil, '제582조')],
    rule: {
      kind: 'threshold',
      labels: ['LIABILITY', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:하자\s*(?:담보|보증|보수)|품질\s*보증|보증)\s*(?:기간|책임\s*기간)[^.]{0,60}?${NUM_KO}(?:개월|년|월)`,
          String.raw`(?:인도|납품|검수|수령|인수)[^.]{0,20}?(?:후|부터|로부터)\s*${NUM_KO}(?:개월|년)\s*(?:간|동안|이내)[^.]{0,60}?(?:하자|보증|품질)`,
        ],
        en: [
          String.raw`\bwarranty\s+period\b[^.]{0,60}?${NUM_EN}(?:months?|years?)`,
          String.raw`\bwarrants?\b[^.]{0,150}?\bfor\s+(?:a\s+period\s+of\s+)?${NUM_EN}(?:months?|years?)`,
        ],
      },
      unit: 'MONTHS',
      min: 6,
      missing: 'NOT_MET',
    },
  },
  {
    code: 'SUPPLY.RISK_TRANSFER',
    contractType: 'SUPPLY',
    label: 'OTHER',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '물품의 멸실·훼손 위험이 언제(인도 또는 검수 시) 이전되는지 정해져 있습니까?', en: 'Is it stated when the risk of loss passes (on delivery or acceptance)?' },
    metWhen: { ko: '물품의 멸실·훼손 위험이 인도(또는 검수) 시에 공급자에서 매수인에게 이전된다고 정합니다.', en: 'Risk of loss or damage passes from supplier to buyer on delivery (or acceptance).' },
    rationale: {
      ko: '정함이 없으면 쌍방 책임 없는 멸실의 경우 채무자위험부담주의(민법 제537조)에 따라 처리되어, 운송 중 사고의 부담을 두고 다툼이 생깁니다.',
      en: 'Absent agreement the debtor bears the risk of impossibility not caused by either party (Civil Act Art. 537), which breeds disputes over goods lost in transit.',
    },
    standardClause: {
      ko: '제○조 (위험부담) 물품의 멸실, 훼손 등에 관한 위험은 물품이 납품장소에서 갑에게 인도된 때에 을로부터 갑에게 이전한다.',
      en: 'Risk. Risk of loss of or damage to the Products passes to the Buyer on delivery at the delivery place.',
    },
    examples: {
      ko: ['물품의 멸실 및 훼손에 대한 위험은 인도 시 갑에게 이전한다.', '검수 전에 발생한 물품의 멸실, 훼손의 위험은 을이 부담한다.'],
      en: ['Risk of loss passes to the Buyer upon delivery.', 'Title and risk in the Products transfer to the Buyer on acceptance.'],
    },
    legalBasis: [law(LAW.civil, '제537조')],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`위험(?:부담)?[^.]{0,40}?(?:이전|넘어|옮겨)`, String.raw`(?:멸실|훼손)[^.]{0,60}?위험[^.]{0,40}?(?:부담|이전)`],
        en: [String.raw`\brisk\s+of\s+(?:loss|damage)\b[^.]{0,80}\b(?:pass|transfer)\w*`, String.raw`\btitle\s+and\s+risk\b[^.]{0,80}\b(?:pass|transfer)\w*`],
      },
    },
  },
  {
    code: 'SUPPLY.PAYMENT_DUE_DAYS',
    contractType: 'SUPPLY',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '대금이 60일 이내에 지급됩니까?', en: 'Is payment made within at most 60 days?' },
    metWhen: { ko: '검수 완료 또는 세금계산서 수령 후 60일 이내의 기한(예: 30일)에 대금을 지급한다고 정합니다.', en: 'The price is paid within a stated period of no more than 60 days (e.g. 30) after acceptance or invoice.' },
    rationale: {
      ko: '매매대금은 목적물 인도와 동시에 지급함이 원칙이고(민법 제586조 참조), 제조 위탁에 해당하면 수령일부터 60일 이내 지급이 강행됩니다(하도급법 제13조). 긴 지급기한은 공급자의 자금 부담과 회수 위험을 키웁니다.',
      en: 'Under the Civil Act the price is paid against delivery (cf. Art. 586); where the deal is a manufacturing subcontract, payment within 60 days of receipt is mandatory (Subcontracting Act Art. 13). Long terms increase the supplier\'s credit risk.',
    },
    standardClause: {
      ko: '제○조 (대금지급) 갑은 물품의 검수를 완료하고 을의 세금계산서를 받은 날부터 30일 이내에 대금을 현금으로 지급한다.',
      en: 'Payment. The Buyer shall pay the price in cash within thirty (30) days after acceptance of the Products and receipt of the invoice.',
    },
    examples: {
      ko: ['갑은 물품 검수 후 세금계산서를 받은 날부터 30일 이내에 대금을 지급한다.', '대금의 지급기한은 매월 말일 마감 후 45일로 한다.'],
      en: ['The Buyer shall pay each invoice within thirty (30) days of receipt.', 'The price is payable within 60 days after acceptance of the Products.'],
    },
    legalBasis: [law(LAW.civil, '제586조'), law(LAW.subcontracting, '제13조', 1)],
    rule: { kind: 'threshold', labels: ['PAYMENT'], patterns: PAYMENT_DAYS, unit: 'DAYS', max: 60, missing: 'UNCLEAR' },
  },
  {
    code: 'SUPPLY.DELAY_PENALTY_CAP',
    contractType: 'SUPPLY',
    label: 'LIABILITY',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '납기 지체에 대한 지체상금에 상한이 있습니까?', en: 'Are liquidated damages for delay (지체상금) capped?' },
    metWhen: { ko: '지체상금 조항이 없거나, 있다면 그 총액을 계약금액의 일정 비율(예: 10%)로 제한합니다.', en: 'There are no delay damages, or their total is capped at a share of the price (e.g. 10%).' },
    rationale: {
      ko: '지체상금은 손해배상액의 예정으로 추정되며(민법 제398조 제4항), 상한이 없으면 지체일수에 비례해 대금 전액을 넘을 수 있습니다. 부당히 과다하면 법원이 감액할 수 있으나(같은 조 제2항) 소송이 필요하므로 계약에서 상한을 두는 것이 안전합니다.',
      en: 'Delay damages are presumed liquidated damages (Civil Act Art. 398(4)); uncapped, they grow with each day and can exceed the price. A court may reduce excessive amounts (Art. 398(2)), but only through litigation, so a contractual cap is safer.',
    },
    standardClause: {
      ko: '제○조 (지체상금) 을이 납기를 지체한 경우 지체일수 1일당 지체된 물품 대금의 1,000분의 1.5를 지체상금으로 지급한다. 다만, 지체상금의 총액은 해당 발주 금액의 10%를 초과하지 아니한다.',
      en: 'Delay. For each day of delay the Supplier shall pay 0.15% of the price of the delayed Products as liquidated damages, up to a maximum of ten percent (10%) of that price in total.',
    },
    examples: {
      ko: ['을이 납기를 지체한 경우 지체일수 1일당 계약금액의 1,000분의 1.5를 지체상금으로 지급하되, 그 총액은 계약금액의 10%를 한도로 한다.', '을은 물품을 납기까지 납품하고, 지연 시 갑에게 실제 발생한 손해를 배상한다.'],
      en: ['Liquidated damages for delay shall be 0.1% of the price per day of delay, not to exceed 10% of the price.', 'The Supplier shall compensate the Buyer for the actual loss caused by late delivery.'],
    },
    legalBasis: [law(LAW.civil, '제398조')],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [String.raw`지체\s*상금`, String.raw`지연\s*배상금`, String.raw`(?:지체|지연)\s*일수\s*1\s*일\s*(?:당|마다)`],
        en: [String.raw`\bliquidated\s+damages\b[^.]{0,80}\bdelay`, String.raw`\bdelay\s+(?:damages|penalt\w+)`, String.raw`\bper\s+day\s+of\s+delay\b`],
      },
      unless: {
        ko: [String.raw`(?:한도로|상한으로)\s*한다`, String.raw`초과(?:하지\s*(?:아니|않|못)|할\s*수\s*없)`],
        en: [String.raw`\b(?:not\s+to\s+exceed|shall\s+not\s+exceed|capped\s+at|up\s+to\s+a\s+maximum|maximum\s+of|limited\s+to)\b`],
      },
    },
  },
  {
    code: 'SUPPLY.NO_UNILATERAL_PRICE_CHANGE',
    contractType: 'SUPPLY',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '매수인이 가격을 일방적으로 변경하거나 인하할 수 없습니까?', en: 'Is the buyer unable to change or reduce the price unilaterally?' },
    metWhen: { ko: '단가의 변경은 양 당사자의 서면 합의로만 할 수 있고, 매수인의 일방적 결정에 맡기지 않습니다.', en: 'Prices change only by written agreement, never at the buyer\'s sole discretion.' },
    rationale: {
      ko: '가격을 한쪽이 정할 수 있으면 대금 약정이 사실상 무의미해집니다. 거래상 지위를 이용한 일방적 가격 인하는 불공정거래행위(공정거래법 제45조)가 될 수 있고, 약관이라면 신의칙에 반하는 조항으로 무효입니다(약관규제법 제6조).',
      en: 'If one side can set the price the price agreement means little. Unilateral reductions by a stronger party can be an unfair trade practice (Fair Trade Act Art. 45) and, in standard terms, void as unfair (Act on the Regulation of Terms and Conditions, Art. 6).',
    },
    standardClause: {
      ko: '제○조 (단가의 변경) 물품의 단가는 별지 단가표에 따르며, 원자재 가격의 변동 등으로 단가를 변경할 필요가 있는 경우 갑과 을이 협의하여 서면으로 합의한 때에만 변경할 수 있다.',
      en: 'Price Changes. Prices are as set out in Schedule 2 and may be changed only by written agreement of both parties.',
    },
    examples: {
      ko: ['물품의 단가는 별지 단가표에 따르며, 단가의 변경은 갑과 을이 서면으로 합의한 경우에만 할 수 있다.', '갑은 단가를 일방적으로 인하할 수 없다.'],
      en: ['Prices may be amended only by written agreement of both parties.', 'Neither party may unilaterally change the prices.'],
    },
    legalBasis: [law(LAW.fairTrade, '제45조', 1), law(LAW.standardTerms, '제6조')],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:갑|매수인|구매자)["”]?\s*(?:은|는|이|가)?[^.]{0,40}?(?:일방적으로|임의로|단독으로)[^.]{0,40}?(?:가격|단가|대금)[^.]{0,20}?(?:변경|조정|인하|감액)`,
          String.raw`(?:가격|단가|대금)(?:을|를)?\s*(?:일방적으로|임의로)\s*(?:변경|조정|인하|감액)`,
          String.raw`(?:가격|단가|대금)[^.]{0,40}?(?:갑|매수인)["”]?(?:의|이)\s*(?:결정|정하는\s*바)에\s*따(?:른다|라)`,
        ],
        en: [
          String.raw`\b(?:Buyer|Purchaser|Customer)\s+may\b[^.]{0,60}\b(?:change|modify|adjust|reduce|amend)\b[^.]{0,40}\bprices?`,
          String.raw`\bunilaterally\b[^.]{0,40}\b(?:change|modify|adjust|reduce)\b[^.]{0,40}\bprices?`,
          String.raw`\bprices?\b[^.]{0,60}\bat\s+(?:the\s+)?(?:Buyer|Purchaser|Customer)'s\s+(?:sole\s+)?discretion`,
        ],
      },
      unless: {
        ko: [String.raw`(?:변경|조정|인하|감액)\s*(?:할\s*수\s*없|하지\s*못|하여서는\s*아니|하지\s*(?:아니|않))`],
        en: [String.raw`\b(?:may\s+not|shall\s+not|cannot|neither\s+party\s+may)\b[^.]{0,20}\b(?:unilaterally\s+)?(?:change|modify|adjust|reduce)`],
      },
    },
  },
  {
    code: 'SUPPLY.LIABILITY_CAP',
    contractType: 'SUPPLY',
    label: 'LIABILITY',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '공급자의 손해배상책임에 한도가 있습니까?', en: 'Is the supplier\'s liability capped?' },
    metWhen: { ko: '고의·중과실을 제외하고 공급자의 배상 총액을 계약금액(또는 해당 발주 금액)으로 제한합니다.', en: 'Except for intent or gross negligence, the supplier\'s total liability is limited to the contract or order price.' },
    rationale: {
      ko: '한도가 없으면 부품 하자 하나로 매수인의 생산 차질 손해 전체(민법 제390조, 제393조)를 떠안을 수 있습니다. 약관이라면 고의·중과실 책임 배제는 무효이므로(약관규제법 제7조) 이를 제외하고 정합니다.',
      en: 'Uncapped, one defective part can make the supplier liable for the buyer\'s whole production loss (Civil Act Arts. 390, 393). In standard terms intent and gross negligence cannot be excluded (Act on the Regulation of Terms and Conditions, Art. 7).',
    },
    standardClause: {
      ko: '제○조 (배상책임의 한도) 본 계약과 관련한 을의 손해배상 총액은 을의 고의 또는 중대한 과실이 있는 경우를 제외하고 해당 발주 금액을 한도로 한다.',
      en: 'Limitation of Liability. Except for wilful misconduct or gross negligence, the Supplier\'s aggregate liability shall not exceed the price of the purchase order concerned.',
    },
    examples: {
      ko: ['을의 손해배상 총액은 해당 발주 금액을 한도로 한다.', '을의 배상책임은 고의 또는 중과실의 경우를 제외하고 계약금액을 초과하지 아니한다.'],
      en: ['The Supplier\'s total liability shall not exceed the price paid for the Products concerned.', 'The Supplier\'s aggregate liability is limited to the contract price.'],
    },
    legalBasis: [law(LAW.civil, '제393조'), law(LAW.standardTerms, '제7조')],
    rule: { kind: 'present', labels: ['LIABILITY', 'INDEMNIFICATION', 'OTHER'], patterns: LIABILITY_CAP },
  },
  {
    code: 'SUPPLY.TERMINATION_NOTICE',
    contractType: 'SUPPLY',
    label: 'TERMINATION',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '계약 해지 전에 서면 통지가 필요합니까?', en: 'Does termination require prior written notice?' },
    metWhen: { ko: '해지는 상대방에 대한 서면 통지(위반의 경우 시정 최고 포함)로 한다고 정합니다.', en: 'Termination is by prior written notice to the other party (for breach, after a demand to cure).' },
    rationale: {
      ko: '해지는 상대방에 대한 의사표시로 하며(민법 제543조), 이행지체의 경우 상당한 기간을 정한 최고가 원칙입니다(민법 제544조). 서면 통지를 요구하면 해지 시점과 사유에 관한 다툼이 줄어듭니다.',
      en: 'Termination is made by declaration to the other party (Civil Act Art. 543), and rescission for delay normally requires a demand with time to perform (Art. 544). Written notice fixes when and why the contract ended.',
    },
    standardClause: {
      ko: '제○조 (해지) 당사자 일방이 본 계약을 위반한 경우 상대방은 14일 이상의 기간을 정하여 서면으로 시정을 최고하고, 그 기간 내에 시정되지 아니하면 서면 통지로 본 계약을 해지할 수 있다.',
      en: 'Termination. If a party breaches this Agreement, the other may give written notice requiring a cure within fourteen (14) days and, failing cure, terminate by written notice.',
    },
    examples: {
      ko: ['당사자 일방이 계약을 위반한 경우 상대방은 서면으로 시정을 최고한 후 계약을 해지할 수 있다.', '본 계약을 해지하려는 당사자는 30일 전에 상대방에게 통지하여야 한다.'],
      en: ['Either party may terminate this Agreement by written notice if the other party fails to cure a breach.', 'This Agreement may be terminated on sixty (60) days\' prior written notice.'],
    },
    legalBasis: [law(LAW.civil, '제543조', 1), law(LAW.civil, '제544조')],
    rule: { kind: 'present', labels: ['TERMINATION'], patterns: TERMINATION_NOTICE },
  },
];
