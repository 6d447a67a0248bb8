import type { PlaybookCheckpoint } from '../playbook.types';
import { LATE_INTEREST, LAW, NUM_EN, NUM_KO, PAYMENT_DAYS, law } from './common';

/** 하도급계약: 갑 = 원사업자 (contractor), 을 = 수급사업자 (subcontractor). */
export const SUBCONTRACT_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'SUBCONTRACT.WRITTEN_TERMS',
    contractType: 'SUBCONTRACT',
    label: 'PURPOSE',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '위탁 내용, 하도급대금, 납품 시기·장소, 검사 및 대금지급 조건이 서면에 적혀 있습니까?', en: 'Are the work, price, delivery date and place, inspection and payment terms in writing?' },
    metWhen: { ko: '위탁의 내용, 하도급대금과 지급방법·기일, 납기와 납품장소, 검사의 방법과 시기를 계약서에 적습니다.', en: 'The contract states the work, the price and how and when it is paid, the delivery date and place, and how and when inspection is done.' },
    rationale: {
      ko: '원사업자는 위탁 시 위탁 내용, 하도급대금, 지급방법 및 지급기일, 납품 시기·장소, 검사의 방법·시기 등을 적은 서면을 작업 착수 전에 발급해야 합니다(하도급법 제3조). 서면이 없으면 부당 감액·반품 분쟁에서 수급사업자가 입증에 어려움을 겪습니다.',
      en: 'The contractor must issue, before work starts, a document stating the work, price, payment method and date, delivery time and place and inspection method and timing (Subcontracting Act Art. 3); without it the subcontractor struggles to prove unfair reductions or returns.',
    },
    standardClause: {
      ko: '제○조 (위탁내용) 갑이 을에게 위탁하는 목적물의 내용, 하도급대금, 납기 및 납품장소, 검사의 방법 및 시기, 하도급대금의 지급방법 및 지급기일은 별지 발주서에 적은 바에 따르며, 갑은 을이 작업에 착수하기 전에 이를 교부한다.',
      en: 'Order Terms. The goods, subcontract price, delivery date and place, inspection method and timing, and the payment method and date are stated in the purchase order, which the Contractor issues before the Subcontractor starts work.',
    },
    examples: {
      ko: ['목적물의 하도급대금은 별지와 같고, 납기는 2025년 3월 31일, 납품장소는 갑의 공장으로 하며, 검사는 납품 후 10일 이내에 한다.', '발주서에는 위탁내용, 하도급대금, 납품기일, 납품장소, 검사의 방법 및 시기를 적는다.'],
      en: ['The subcontract price is set out in Schedule 1; the delivery date is March 31 and inspection takes place within 10 days after delivery.', 'Each order states the price, the delivery date and place, and how inspection is performed.'],
    },
    legalBasis: [law(LAW.subcontracting, '제3조', 1)],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:하도급\s*대금|대금)[\s\S]{0,400}?(?:납기|납품\s*(?:기한|기일|일자|일|시기))[\s\S]{0,400}?(?:검사|검수)`,
          String.raw`(?:위탁\s*내용|목적물)[\s\S]{0,400}?(?:하도급\s*대금|대금)[\s\S]{0,400}?(?:검사|검수)`,
        ],
        en: [
          String.raw`\bprice\b[\s\S]{0,400}?\bdelivery\s+(?:date|schedule|time)\b[\s\S]{0,400}?\binspect\w*`,
          String.raw`\bdelivery\s+(?:date|schedule|time)\b[\s\S]{0,400}?\binspect\w*[\s\S]{0,400}?\b(?:price|payment)\b`,
        ],
      },
    },
  },
  {
    code: 'SUBCONTRACT.PAYMENT_60_DAYS',
    contractType: 'SUBCONTRACT',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '하도급대금이 목적물 수령일부터 60일 이내에 지급됩니까?', en: 'Is payment made within 60 days of receipt of the goods?' },
    metWhen: { ko: '원사업자가 목적물 수령일부터 60일 이내의 가능한 짧은 기한에 하도급대금을 지급한다고 정합니다.', en: 'The contractor pays within a period as short as possible and no later than 60 days after receipt.' },
    rationale: {
      ko: '원사업자는 목적물 수령일부터 60일 이내의 가능한 짧은 기한으로 지급기일을 정해야 하고, 60일을 넘겨 정하면 60일째 되는 날이 지급기일로 됩니다(하도급법 제13조 제1항·제2항).',
      en: 'Payment must fall as soon as possible and within 60 days of receipt; a later date is replaced by the 60th day (Subcontracting Act Art. 13(1), (2)).',
    },
    standardClause: {
      ko: '제○조 (하도급대금의 지급) 갑은 목적물을 수령한 날부터 30일 이내에 하도급대금을 현금으로 을에게 지급한다.',
      en: 'Payment. The Contractor shall pay the subcontract price in cash within thirty (30) days after receipt of the goods.',
    },
    examples: {
      ko: ['갑은 목적물을 수령한 날부터 30일 이내에 하도급대금을 지급한다.', '원사업자는 검사 완료 후 60일 이내에 하도급대금을 현금으로 지급한다.'],
      en: ['The Contractor shall pay within thirty (30) days after receipt of the goods.', 'Payment is due within 60 days of delivery.'],
    },
    legalBasis: [law(LAW.subcontracting, '제13조', 1), law(LAW.subcontracting, '제13조', 2)],
    rule: {
      kind: 'threshold',
      labels: ['PAYMENT'],
      patterns: {
        ko: PAYMENT_DAYS.ko,
        en: [...PAYMENT_DAYS.en, String.raw`\b(?:payment|price)\b[^.]{0,40}\b(?:is\s+)?due\s+within\s+${NUM_EN}(?:calendar\s+|business\s+)?days`],
      },
      unit: 'DAYS',
      max: 60,
      missing: 'UNCLEAR',
    },
  },
  {
    code: 'SUBCONTRACT.LATE_INTEREST',
    contractType: 'SUBCONTRACT',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '지급 지연 시 법정 이율의 지연이자를 지급합니까?', en: 'Is late payment interest at the statutory rate paid?' },
    metWhen: { ko: '60일이 지난 후 지급하는 경우 초과기간에 대하여 공정거래위원회가 고시한 이율의 지연이자를 지급한다고 정합니다.', en: 'For payment after the 60th day, interest at the rate set by the Fair Trade Commission is paid for the excess period.' },
    rationale: {
      ko: '원사업자가 수령일부터 60일이 지난 후 지급하면 초과기간에 대하여 연 100분의 40 이내에서 공정거래위원회가 고시하는 이율의 이자를 지급해야 합니다(하도급법 제13조 제8항). 계약에 명시하면 청구가 쉬워집니다.',
      en: 'Payment after 60 days carries interest for the excess period at the rate the Fair Trade Commission sets, within 40% a year (Subcontracting Act Art. 13(8)).',
    },
    standardClause: {
      ko: '제○조 (지연이자) 갑이 하도급대금을 목적물 수령일부터 60일이 지난 후에 지급하는 경우 그 초과기간에 대하여 공정거래위원회가 고시한 이율에 따른 지연이자를 지급한다.',
      en: 'Late Interest. If the Contractor pays later than sixty (60) days after receipt, it shall pay interest for the excess period at the rate published by the Korea Fair Trade Commission.',
    },
    examples: {
      ko: ['갑이 하도급대금 지급을 지연하는 경우 공정거래위원회가 고시한 이율에 따른 지연이자를 지급한다.', '60일을 초과한 기간에 대하여 연 15.5%의 지연이자를 가산한다.'],
      en: ['Late payment interest accrues at the rate published by the Fair Trade Commission.', 'Interest shall be paid on overdue amounts at 15.5% per annum.'],
    },
    legalBasis: [law(LAW.subcontracting, '제13조', 8)],
    rule: { kind: 'present', labels: ['PAYMENT', 'LIABILITY', 'OTHER'], patterns: LATE_INTEREST },
  },
  {
    code: 'SUBCONTRACT.NO_UNFAIR_RETURN',
    contractType: 'SUBCONTRACT',
    label: 'OTHER',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '수급사업자의 책임 없는 사유로 납품된 목적물을 반품하는 조항이 없습니까?', en: 'Is there no return of delivered goods without the subcontractor\'s fault?' },
    metWhen: { ko: '반품은 수급사업자의 책임으로 돌릴 사유(하자 등)가 있는 경우에 한정됩니다.', en: 'Goods may be returned only for reasons attributable to the subcontractor, such as defects.' },
    rationale: {
      ko: '원사업자는 수급사업자에게 책임을 돌릴 사유가 없으면 납품받은 목적물을 반품하지 못합니다(하도급법 제10조). 판매 부진이나 발주 취소를 이유로 한 반품 조항은 위법하며 과징금 대상입니다.',
      en: 'A contractor may not return delivered goods unless the subcontractor is at fault (Subcontracting Act Art. 10); returns for poor sales or changed plans are unlawful.',
    },
    standardClause: {
      ko: '제○조 (반품) 갑은 목적물에 을의 책임으로 돌릴 사유로 인한 하자가 있는 경우에 한하여 검사 결과 통지와 함께 반품할 수 있다.',
      en: 'Returns. The Contractor may return goods only where they are defective for reasons attributable to the Subcontractor, notified with the inspection result.',
    },
    examples: {
      ko: ['원사업자는 목적물에 수급사업자의 책임으로 돌릴 사유로 인한 하자가 있는 경우에만 반품할 수 있다.', '갑은 을에게 책임을 돌릴 사유가 없으면 목적물을 반품하지 아니한다.'],
      en: ['The Contractor may return goods only if they are defective for reasons attributable to the Subcontractor.', 'Non-conforming goods may be returned within the inspection period.'],
    },
    legalBasis: [law(LAW.subcontracting, '제10조', 1)],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [String.raw`반품(?:할\s*수\s*있|한다|하기로)`, String.raw`반품\s*(?:처리|조치)(?:할\s*수\s*있|한다)`],
        en: [String.raw`\bmay\s+return\b`, String.raw`\breturn\b[^.]{0,60}\b(?:at\s+its\s+(?:sole\s+)?discretion|for\s+any\s+reason|unsold|excess)\b`],
      },
      unless: {
        ko: [String.raw`(?:수급사업자|을)["”]?(?:의|에게)\s*(?:귀책\s*사유|책임(?:으로)?\s*(?:돌릴|있는))`, String.raw`하자가?\s*있는\s*경우에\s*(?:한하여|만)`],
        en: [String.raw`\b(?:defect\w*|non-?conform\w*)\b`, String.raw`\battributable\s+to\s+the\s+(?:Subcontractor|Supplier)\b`],
      },
    },
  },
  {
    code: 'SUBCONTRACT.NO_PRICE_REDUCTION',
    contractType: 'SUBCONTRACT',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '정한 하도급대금을 일방적으로 감액하는 조항이 없습니까?', en: 'Is there no unilateral reduction of the agreed price?' },
    metWhen: { ko: '하도급대금은 정당한 사유가 입증되거나 서면으로 합의한 경우 외에는 감액되지 않습니다.', en: 'The price is not reduced except for a justified reason the contractor proves or by written agreement.' },
    rationale: {
      ko: '원사업자는 위탁 시 정한 하도급대금을 감액하지 못하며, 정당한 사유는 원사업자가 입증해야 합니다(하도급법 제11조 제1항). 경영 사정 등을 이유로 감액할 수 있다는 조항은 위법합니다.',
      en: 'The contractor may not reduce the agreed price unless it proves a justified reason (Subcontracting Act Art. 11(1)); clauses allowing reductions for the contractor\'s business conditions are unlawful.',
    },
    standardClause: {
      ko: '제○조 (대금의 감액 금지) 갑은 위탁 시 정한 하도급대금을 감액하지 아니한다. 다만, 을의 책임으로 돌릴 사유가 있어 갑이 정당한 사유를 입증한 경우에는 그 범위에서 을과 서면으로 합의하여 감액할 수 있다.',
      en: 'No Reduction. The Contractor shall not reduce the agreed subcontract price, except to the extent of a justified reason attributable to the Subcontractor, proven by the Contractor and agreed in writing.',
    },
    examples: {
      ko: ['갑은 위탁 시 정한 하도급대금을 임의로 감액하여서는 아니 된다.', '하도급대금은 계약 시 정한 금액으로 하며, 정당한 사유를 입증한 경우 외에는 감액하지 아니한다.'],
      en: ['The Contractor shall not reduce the subcontract price after the order is placed.', 'The price may be reduced only for justifiable reasons agreed in writing.'],
    },
    legalBasis: [law(LAW.subcontracting, '제11조', 1)],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [String.raw`(?:하도급\s*)?대금[^.]{0,40}?(?:을|를)?\s*(?:일방적으로\s*|임의로\s*)?(?:감액|인하|삭감)(?:할\s*수\s*있|한다)`, String.raw`(?:일방적으로|임의로)[^.]{0,40}?(?:감액|인하|삭감)`],
        en: [String.raw`\b(?:reduce|decrease|lower|deduct)\b[^.]{0,60}\b(?:price|fees?|amount|payment)\b`],
      },
      unless: {
        ko: [String.raw`(?:감액|인하|삭감)하(?:지\s*(?:아니|않|못)|여서는\s*아니)`, String.raw`정당한\s*사유를?\s*입증`],
        en: [String.raw`\b(?:shall\s+not|may\s+not|cannot)\s+(?:unilaterally\s+)?(?:reduce|decrease|lower|deduct)\b`, String.raw`\bjustifiable\s+reasons?\b[^.]{0,60}\bagreed\s+in\s+writing\b`],
      },
    },
  },
  {
    code: 'SUBCONTRACT.TECH_DATA',
    contractType: 'SUBCONTRACT',
    label: 'CONFIDENTIALITY',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '서면으로 정당한 사유를 밝히지 않은 기술자료 제공 요구 조항이 없습니까?', en: 'Is there no demand for technical data without written justification?' },
    metWhen: { ko: '기술자료 제공 요구 조항이 없거나, 정당한 사유가 있을 때 요구목적·권리귀속·대가 등을 적은 서면으로만 요구한다고 정합니다.', en: 'There is no demand for technical data, or it is allowed only for a justified reason by a document stating purpose, ownership and compensation.' },
    rationale: {
      ko: '원사업자는 수급사업자의 기술자료를 자기 또는 제3자에게 제공하도록 요구할 수 없고, 정당한 사유가 있는 경우에도 요구목적, 권리귀속, 대가 등을 적은 서면을 주어야 합니다(하도급법 제12조의3). 포괄적 제공 의무 조항은 기술유용의 통로가 됩니다.',
      en: 'A contractor may not require a subcontractor\'s technical data save for a justified reason, and then only by a document stating purpose, ownership and compensation (Subcontracting Act Art. 12-3); a blanket duty to hand over data invites misappropriation.',
    },
    standardClause: {
      ko: '제○조 (기술자료 요구 금지) 갑은 을의 기술자료를 요구하지 아니한다. 다만, 정당한 사유가 있는 경우 요구목적, 권리귀속 관계, 대가, 비밀유지 방법 등을 을과 미리 협의하여 정한 후 이를 적은 서면을 을에게 교부하고 요구할 수 있다.',
      en: 'Technical Data. The Contractor shall not request the Subcontractor\'s technical data, except for a justified reason and by a written request stating its purpose, ownership, compensation and confidentiality terms agreed in advance.',
    },
    examples: {
      ko: ['갑은 을에게 기술자료를 요구하지 아니한다.', '원사업자는 정당한 사유가 있는 경우 요구목적, 권리귀속, 대가를 적은 서면을 교부한 후에만 수급사업자에게 기술자료의 제공을 요구할 수 있다.'],
      en: ['The Contractor shall not request the Subcontractor\'s technical data.', 'The Subcontractor shall provide technical data only upon a written request stating its purpose and justification.'],
    },
    legalBasis: [law(LAW.subcontracting, '제12조의3', 1), law(LAW.subcontracting, '제12조의3', 2)],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [
          String.raw`기술\s*자료[^.]{0,80}?(?:제공|제출|이전|개시)(?:하여야|하도록|할\s*의무|을\s*요구할\s*수\s*있|를\s*요구할\s*수\s*있)`,
          String.raw`(?:원사업자|갑)["”]?\s*(?:은|는|이|가)?[^.]{0,40}?기술\s*자료[^.]{0,40}?요구할\s*수\s*있`,
        ],
        en: [
          String.raw`\btechnical\s+(?:data|information|documentation)\b[^.]{0,100}\b(?:provide|deliver|disclose|submit)\w*`,
          String.raw`\b(?:provide|deliver|disclose|submit)\w*\b[^.]{0,100}\btechnical\s+(?:data|information|documentation)\b`,
        ],
      },
      unless: {
        ko: [String.raw`(?:요구\s*목적|사용\s*목적)[^.]{0,80}?(?:서면|기재|적은)`, String.raw`(?:서면|문서)[^.]{0,80}?(?:요구\s*목적|정당한\s*사유)`],
        en: [String.raw`\bwritten\s+(?:request|notice)\b[^.]{0,120}\b(?:purpose|justification|reason)\b`, String.raw`\bshall\s+not\s+(?:request|require|demand)\b`],
      },
    },
  },
  {
    code: 'SUBCONTRACT.PRICE_ADJUSTMENT',
    contractType: 'SUBCONTRACT',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '공급원가 변동 시 대금 조정을 신청할 수 있습니까?', en: 'Can a price adjustment be requested when costs change?' },
    metWhen: { ko: '원재료 가격 등 공급원가가 변동되면 수급사업자가 하도급대금의 조정을 신청하고 원사업자는 성실히 협의한다고 정합니다.', en: 'If supply costs such as raw materials change, the subcontractor may request an adjustment and the contractor negotiates in good faith.' },
    rationale: {
      ko: '수급사업자는 공급원가 변동으로 대금 조정이 불가피하면 원사업자에게 조정을 신청할 수 있고, 원사업자는 신청일부터 10일 안에 협의를 시작해야 합니다(하도급법 제16조의2). 계약에 절차를 두면 원가 상승 부담이 한쪽에 쏠리지 않습니다.',
      en: 'A subcontractor may apply for a price adjustment when costs change and the contractor must start talks within 10 days (Subcontracting Act Art. 16-2).',
    },
    standardClause: {
      ko: '제○조 (대금의 조정) 목적물의 공급원가가 변동되어 하도급대금의 조정이 불가피한 경우 을은 갑에게 대금의 조정을 신청할 수 있으며, 갑은 신청일부터 10일 안에 협의를 개시하고 성실히 협의하여야 한다.',
      en: 'Price Adjustment. If changes in supply costs make an adjustment unavoidable, the Subcontractor may request one and the Contractor shall start good-faith negotiations within ten (10) days.',
    },
    examples: {
      ko: ['원재료 가격의 변동으로 공급원가가 상승한 경우 을은 대금 조정을 신청할 수 있다.', '수급사업자는 공급원가 변동 시 하도급대금의 조정을 요청할 수 있고 원사업자는 성실히 협의한다.'],
      en: ['If raw material costs increase, the Subcontractor may request a price adjustment.', 'Either party may request an adjustment of the price if material costs change significantly.'],
    },
    legalBasis: [law(LAW.subcontracting, '제16조의2', 1)],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:공급\s*원가|원재료|원자재|노무비|재료비|경비)[^.]{0,80}?(?:변동|상승|인상)[^.]{0,80}?조정[^.]{0,20}?(?:신청|요청|청구)`,
          String.raw`(?:하도급\s*)?(?:대금|단가)[^.]{0,20}?조정(?:을)?\s*(?:신청|요청|청구)`,
        ],
        en: [
          String.raw`\b(?:costs?|raw\s+materials?|materials?|labou?r)\b[^.]{0,120}\b(?:increase|change|fluctuat\w*)\w*[^.]{0,120}\badjust\w*`,
          String.raw`\brequest\b[^.]{0,40}\b(?:price\s+)?adjustment\b`,
        ],
      },
    },
  },
  {
    code: 'SUBCONTRACT.INSPECTION_10_DAYS',
    contractType: 'SUBCONTRACT',
    label: 'OTHER',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '검사 결과를 목적물 수령일부터 10일 이내에 통지합니까?', en: 'Is the inspection result notified within 10 days?' },
    metWhen: { ko: '원사업자가 목적물을 수령한 날부터 10일 이내에 검사 결과를 서면으로 통지한다고 정합니다.', en: 'The contractor notifies the inspection result in writing within 10 days of receipt.' },
    rationale: {
      ko: '원사업자는 정당한 사유가 없으면 목적물 수령일부터 10일 이내에 검사 결과를 서면으로 통지해야 하며, 통지하지 않으면 검사에 합격한 것으로 봅니다(하도급법 제9조 제2항).',
      en: 'Absent good reason the contractor must notify the inspection result in writing within 10 days of receipt, failing which the goods are deemed to pass (Subcontracting Act Art. 9(2)).',
    },
    standardClause: {
      ko: '제○조 (검사) 갑은 목적물을 수령한 날부터 10일 이내에 검사 결과를 을에게 서면으로 통지하며, 이 기간 내에 통지하지 아니한 경우 검사에 합격한 것으로 본다.',
      en: 'Inspection. The Contractor shall notify the inspection result in writing within ten (10) days after receipt; goods not rejected within that period are deemed accepted.',
    },
    examples: {
      ko: ['원사업자는 목적물을 수령한 날부터 10일 이내에 검사 결과를 서면으로 통지한다.', '검사 결과는 납품 후 7일 이내에 수급사업자에게 알린다.'],
      en: ['The Contractor shall notify the inspection result within ten (10) days after receipt.', 'Within 7 days of delivery the Contractor shall inspect the goods and give written notice of the result.'],
    },
    legalBasis: [law(LAW.subcontracting, '제9조', 2)],
    rule: {
      kind: 'threshold',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:수령|납품|인도|입고|통지\s*받은)[^.]{0,20}?(?:후|부터|로부터)\s*${NUM_KO}일\s*(?:이내|내)에?[^.]{0,30}?(?:검사|검수)`,
          String.raw`(?:검사|검수)\s*결과[^.]{0,60}?${NUM_KO}일\s*(?:이내|내)`,
        ],
        en: [
          String.raw`\binspection\s+results?\b[^.]{0,80}?\bwithin\s+${NUM_EN}(?:calendar\s+|business\s+|working\s+)?days`,
          String.raw`\bwithin\s+${NUM_EN}(?:calendar\s+|business\s+|working\s+)?days\s+(?:after|of|following|from)\s+(?:the\s+)?(?:delivery|receipt)\b[^.]{0,60}\binspect`,
          String.raw`\binspect\w*\b[^.]{0,80}?\bwithin\s+${NUM_EN}(?:calendar\s+|business\s+|working\s+)?days`,
        ],
      },
      unit: 'DAYS',
      max: 10,
      missing: 'UNCLEAR',
    },
  },
  {
    code: 'SUBCONTRACT.NO_UNFAIR_CANCELLATION',
    contractType: 'SUBCONTRACT',
    label: 'TERMINATION',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '수급사업자의 책임 없는 사유로 위탁을 취소하는 조항이 없습니까?', en: 'Is there no cancellation of the order without the subcontractor\'s fault?' },
    metWhen: { ko: '위탁의 취소·변경은 수급사업자의 책임으로 돌릴 사유가 있는 경우로 한정됩니다.', en: 'Orders may be cancelled or changed only for reasons attributable to the subcontractor.' },
    rationale: {
      ko: '원사업자는 위탁 후 수급사업자의 책임으로 돌릴 사유가 없으면 위탁을 임의로 취소하거나 변경하지 못합니다(하도급법 제8조 제1항). 경영상 필요에 따른 발주 취소 조항은 이미 투입한 비용을 수급사업자에게 떠넘깁니다.',
      en: 'A contractor may not cancel or change an order without the subcontractor\'s fault (Subcontracting Act Art. 8(1)); cancellation for the contractor\'s own needs shifts sunk costs to the subcontractor.',
    },
    standardClause: {
      ko: '제○조 (위탁의 취소) 갑은 을의 책임으로 돌릴 사유가 없으면 위탁을 취소하거나 변경하지 아니한다. 을의 책임으로 돌릴 사유로 위탁을 취소하는 경우 갑은 그 사유를 적어 서면으로 통지한다.',
      en: 'Cancellation. The Contractor shall not cancel or change an order unless for reasons attributable to the Subcontractor, stated in a written notice.',
    },
    examples: {
      ko: ['원사업자는 수급사업자의 책임으로 돌릴 사유가 없으면 위탁을 취소하지 아니한다.', '갑은 을의 귀책사유로 납기 내 납품이 불가능한 경우에 한하여 발주를 취소할 수 있다.'],
      en: ['The Contractor shall not cancel any order unless the cancellation is attributable to the Subcontractor.', 'Orders may be cancelled only for the Subcontractor\'s material breach.'],
    },
    legalBasis: [law(LAW.subcontracting, '제8조', 1)],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:원사업자|갑)["”]?\s*(?:은|는|이|가)?[^.]{0,60}?(?:사정|필요|경영|임의|일방적|사유를\s*불문|언제든지)[^.]{0,60}?(?:위탁|발주|주문|계약)[^.]{0,10}?(?:을|를)?\s*(?:취소|해제|해지|변경)(?:할\s*수\s*있|한다)`,
          String.raw`(?:위탁|발주|주문)(?:을|를)?\s*(?:임의로|일방적으로|언제든지)\s*(?:취소|변경)`,
        ],
        en: [
          String.raw`\b(?:cancel|withdraw|terminat)\w*\b[^.]{0,80}\borders?\b[^.]{0,80}\b(?:at\s+any\s+time|for\s+any\s+reason|for\s+convenience|at\s+its\s+(?:sole\s+)?discretion)\b`,
          String.raw`\b(?:at\s+any\s+time|for\s+convenience|at\s+its\s+(?:sole\s+)?discretion)\b[^.]{0,80}\b(?:cancel|withdraw)\w*`,
        ],
      },
      unless: {
        ko: [String.raw`(?:수급사업자|을)["”]?(?:의|에게)\s*(?:귀책\s*사유|책임(?:으로)?\s*(?:돌릴|있는))`],
        en: [String.raw`\battributable\s+to\s+the\s+(?:Subcontractor|Supplier)\b`, String.raw`\b(?:Subcontractor|Supplier)'s\s+(?:fault|breach|default|material\s+breach)\b`],
      },
    },
  },
];
