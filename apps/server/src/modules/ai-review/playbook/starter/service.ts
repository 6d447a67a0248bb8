import type { PlaybookCheckpoint } from '../playbook.types';
import { FORUM, LATE_INTEREST, LAW, LIABILITY_CAP, NUM_EN, NUM_KO, PAYMENT_DAYS, law } from './common';

/** 용역계약: 갑 = 발주자 (client), 을 = 수행자 (service provider). */
export const SERVICE_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'SERVICE.SCOPE_DEFINED',
    contractType: 'SERVICE',
    label: 'PURPOSE',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '용역의 범위와 산출물이 정해져 있습니까?', en: 'Are the scope of work and the deliverables defined?' },
    metWhen: { ko: '용역의 내용·범위와 납품할 산출물을 본문 또는 과업지시서 등 별첨으로 특정합니다.', en: 'The services and deliverables are described in the contract or a statement of work attached to it.' },
    rationale: {
      ko: '범위가 불명확하면 추가 업무 요구와 대금 분쟁이 생기고, 완성 여부와 보수 지급시기(민법 제665조)를 판단할 기준이 없어집니다.',
      en: 'A vague scope invites scope creep and fee disputes and leaves no yardstick for completion, on which the payment of the fee depends (Civil Act Art. 665).',
    },
    standardClause: {
      ko: '제○조 (용역의 범위) ① 을이 수행할 용역의 내용과 범위, 산출물 및 납품일정은 별첨 과업지시서에 따른다. ② 과업지시서에 없는 업무는 갑과 을이 서면으로 합의한 경우에만 추가되며, 이에 따른 대금과 일정은 따로 정한다.',
      en: 'Scope. The services, deliverables and schedule are set out in the Statement of Work in Schedule 1. Work outside it is added only by written agreement, with its fee and timetable agreed at the same time.',
    },
    examples: {
      ko: ['을이 수행할 용역의 범위와 산출물은 별첨 과업지시서에 따른다.', '용역의 내용은 시스템 설계, 개발 및 테스트로 하며, 을은 완료 시 결과물을 납품한다.'],
      en: ['The scope of services and the deliverables are described in the Statement of Work attached as Schedule 1.', 'The Provider shall deliver the deliverables listed in Exhibit A.'],
    },
    legalBasis: [law(LAW.civil, '제665조', 1)],
    rule: {
      kind: 'present',
      labels: ['PURPOSE', 'DEFINITIONS', 'OTHER'],
      patterns: {
        ko: [String.raw`(?:용역|업무|과업)의?\s*(?:범위|내용)`, String.raw`(?:산출물|결과물|성과물|납품물)`, String.raw`과업\s*(?:지시서|내용서)|업무\s*(?:명세|기술서)`],
        en: [String.raw`\bscope\s+of\s+(?:the\s+)?(?:work|services)\b`, String.raw`\bstatement\s+of\s+work\b`, String.raw`\bdeliverables?\b`],
      },
    },
  },
  {
    code: 'SERVICE.PAYMENT_DUE_DAYS',
    contractType: 'SERVICE',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '대금이 검수 또는 청구 후 60일 이내의 정해진 기한에 지급됩니까?', en: 'Is payment due within a stated period of at most 60 days after acceptance or invoice?' },
    metWhen: { ko: '검수 완료 또는 세금계산서 수령 후 60일 이내의 기한(예: 30일)에 대금을 지급한다고 정합니다.', en: 'Fees are due within a stated period of no more than 60 days (e.g. 30) after acceptance or invoice.' },
    rationale: {
      ko: '지급기한이 길거나 없으면 수행자의 자금 부담이 커집니다. 민법상 보수는 완성된 목적물 인도와 동시에 지급함이 원칙이고(제665조), 하도급 거래라면 수령일부터 60일 이내 지급이 강행됩니다(하도급법 제13조).',
      en: 'A long or missing payment term burdens the provider\'s cash flow. Under the Civil Act the fee is due on delivery of the completed work (Art. 665); in subcontracting, payment within 60 days of receipt is mandatory (Subcontracting Act, Art. 13).',
    },
    standardClause: {
      ko: '제○조 (대금의 지급) 갑은 을이 제출한 산출물의 검수를 완료하고 세금계산서를 받은 날부터 30일 이내에 용역대금을 을이 지정한 계좌로 현금 지급한다.',
      en: 'Payment. The Client shall pay each invoice in cash within thirty (30) days after acceptance of the deliverables and receipt of the invoice.',
    },
    examples: {
      ko: ['갑은 검수 완료 후 세금계산서를 받은 날부터 30일 이내에 대금을 지급한다.', '용역대금은 을의 청구를 받은 날로부터 삼십(30)일 이내에 현금으로 지급한다.'],
      en: ['The Client shall pay each invoice within thirty (30) days of receipt.', 'Fees are payable within 45 days after acceptance of the deliverables.'],
    },
    legalBasis: [law(LAW.civil, '제665조', 1), law(LAW.subcontracting, '제13조', 1)],
    rule: { kind: 'threshold', labels: ['PAYMENT'], patterns: PAYMENT_DAYS, unit: 'DAYS', max: 60, missing: 'UNCLEAR' },
  },
  {
    code: 'SERVICE.LATE_PAYMENT_INTEREST',
    contractType: 'SERVICE',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '대금 지급이 늦어지면 지연이자가 붙습니까?', en: 'Does late payment bear interest?' },
    metWhen: { ko: '지급기한을 넘기면 지연일수에 대하여 정해진 이율(예: 연 12%)의 지연이자를 가산한다고 정합니다.', en: 'Overdue amounts bear interest at a stated rate (e.g. 12% a year) for the days of delay.' },
    rationale: {
      ko: '약정이 없어도 법정이율(상사 연 6%, 상법 제54조)에 따른 지연손해금을 청구할 수 있으나(민법 제397조), 약정이율을 두면 지급을 늦출 유인이 줄고 계산 다툼이 없어집니다.',
      en: 'Without a clause only the statutory rate applies (6% a year between merchants, Commercial Act Art. 54; Civil Act Art. 397); an agreed rate discourages late payment and avoids argument.',
    },
    standardClause: {
      ko: '제○조 (지연이자) 갑이 대금을 지급기한까지 지급하지 아니한 경우 지급기한 다음 날부터 실제 지급일까지의 기간에 대하여 연 12%의 지연이자를 가산하여 지급한다.',
      en: 'Late Payment. Any amount not paid when due bears interest at 12% per annum from the due date until paid.',
    },
    examples: {
      ko: ['갑이 대금 지급을 지연한 경우 지연일수에 대하여 연 12%의 지연이자를 지급한다.', '지급기일을 넘긴 금액에는 연체이율을 적용한다.'],
      en: ['Overdue amounts bear late payment interest at 1% per month.', 'Interest accrues on unpaid invoices at 12% per annum until paid.'],
    },
    legalBasis: [law(LAW.civil, '제397조', 1), law(LAW.commercial, '제54조')],
    rule: { kind: 'present', labels: ['PAYMENT', 'LIABILITY', 'OTHER'], patterns: LATE_INTEREST },
  },
  {
    code: 'SERVICE.ACCEPTANCE_DEEMED',
    contractType: 'SERVICE',
    label: 'OTHER',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '검수에 기한이 있고, 기한이 지나면 검수에 합격한 것으로 봅니까?', en: 'Does acceptance have a deadline after which deliverables are deemed accepted?' },
    metWhen: { ko: '발주자가 납품 후 정해진 기간 안에 검수 결과를 통지하지 않으면 검수에 합격한 것으로 본다고 정합니다.', en: 'If the client does not give its acceptance result within a set period after delivery, the deliverables are deemed accepted.' },
    rationale: {
      ko: '검수 기한과 간주 규정이 없으면 발주자가 검수를 미루는 동안 대금 지급도 무기한 미뤄집니다. 상인 간 매매의 검사·통지 의무(상법 제69조)와 같은 취지로 기한을 둡니다.',
      en: 'Without a deadline the client can delay payment indefinitely by not inspecting. A deadline mirrors the buyer\'s prompt inspection duty between merchants (Commercial Act Art. 69).',
    },
    standardClause: {
      ko: '제○조 (검수) ① 갑은 산출물을 받은 날부터 10일 이내에 검수하여 그 결과를 을에게 서면으로 통지한다. ② 갑이 제1항의 기간 내에 통지하지 아니한 경우 산출물은 검수에 합격한 것으로 본다.',
      en: 'Acceptance. The Client shall notify acceptance or rejection, with reasons, within ten (10) days of delivery; deliverables not rejected within that period are deemed accepted.',
    },
    examples: {
      ko: ['갑이 납품일부터 10일 이내에 이의를 통지하지 아니하면 검수에 합격한 것으로 본다.', '발주자가 기한 내에 검수 결과를 통보하지 않는 경우 검수가 완료된 것으로 간주한다.'],
      en: ['Deliverables not rejected in writing within ten (10) days of delivery are deemed accepted.', 'Failure to notify a rejection within the acceptance period results in deemed acceptance.'],
    },
    legalBasis: [law(LAW.commercial, '제69조', 1)],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:검수|검사|인수)[^.]{0,80}?(?:합격|완료|승인|종료)(?:한|된)\s*것으로\s*(?:본다|간주)`,
          String.raw`(?:통지|통보|이의)(?:가|를)?\s*(?:하지|없|않)[^.]{0,40}?(?:합격|검수|인수|승인)[^.]{0,20}?(?:것으로\s*)?(?:본다|간주)`,
        ],
        en: [String.raw`\bdeemed\s+(?:to\s+have\s+been\s+|to\s+be\s+)?accept\w*`, String.raw`\bdeemed\s+acceptance\b`],
      },
    },
  },
  {
    code: 'SERVICE.LIABILITY_CAP',
    contractType: 'SERVICE',
    label: 'LIABILITY',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '손해배상책임에 한도(예: 수령한 대금)가 있습니까?', en: 'Is liability capped (e.g. at the fees paid)?' },
    metWhen: { ko: '고의·중과실의 경우를 제외하고 손해배상 총액을 계약금액 또는 수령한 대금의 범위로 제한합니다.', en: 'Except for wilful misconduct or gross negligence, total liability is limited to the contract price or the fees paid.' },
    rationale: {
      ko: '한도가 없으면 수행자는 받은 대금을 훨씬 넘는 손해배상(민법 제390조, 제393조) 위험을 집니다. 다만 약관이라면 고의·중과실 책임 배제나 상당한 이유 없는 제한은 무효이므로(약관규제법 제7조) 고의·중과실은 한도에서 제외합니다.',
      en: 'Without a cap the provider risks damages far above its fee (Civil Act Arts. 390, 393). In standard terms exclusions of liability for intent or gross negligence are void (Act on the Regulation of Terms and Conditions, Art. 7), so those are carved out.',
    },
    standardClause: {
      ko: '제○조 (손해배상의 한도) 본 계약과 관련한 을의 손해배상 총액은 을의 고의 또는 중대한 과실로 인한 경우를 제외하고 갑이 본 계약에 따라 을에게 지급한 용역대금을 한도로 한다.',
      en: 'Limitation of Liability. Except for wilful misconduct or gross negligence, the Provider\'s aggregate liability under this Agreement shall not exceed the fees paid by the Client under it.',
    },
    examples: {
      ko: ['을의 손해배상 총액은 갑이 지급한 용역대금을 한도로 한다.', '고의 또는 중과실의 경우를 제외하고 을의 배상책임은 계약금액을 초과하지 아니한다.'],
      en: ['The Provider\'s aggregate liability shall not exceed the fees paid in the twelve months preceding the claim.', 'In no event shall either party\'s liability exceed the total contract price.'],
    },
    legalBasis: [law(LAW.civil, '제393조'), law(LAW.standardTerms, '제7조')],
    rule: { kind: 'present', labels: ['LIABILITY', 'INDEMNIFICATION', 'OTHER'], patterns: LIABILITY_CAP },
  },
  {
    code: 'SERVICE.NO_CONSEQUENTIAL',
    contractType: 'SERVICE',
    label: 'LIABILITY',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '간접손해·특별손해·결과적 손해와 일실이익이 배상 범위에서 제외됩니까?', en: 'Are indirect, consequential and special damages and lost profits excluded?' },
    metWhen: { ko: '당사자는 간접손해, 특별손해, 결과적 손해 및 일실이익에 대하여 책임을 지지 않는다고 정합니다.', en: 'Neither party is liable for indirect, consequential or special damages or lost profits.' },
    rationale: {
      ko: '특별한 사정으로 인한 손해도 예견가능성이 있으면 배상 대상이 되므로(민법 제393조 제2항) 발주자의 영업손실 같은 큰 손해가 수행자에게 넘어올 수 있습니다.',
      en: 'Special damages are recoverable when foreseeable (Civil Act Art. 393(2)), so the client\'s business losses can shift to the provider unless excluded.',
    },
    standardClause: {
      ko: '제○조 (배상범위의 제한) 당사자는 고의 또는 중대한 과실이 없는 한 본 계약과 관련하여 상대방에게 발생한 간접손해, 특별손해, 결과적 손해 및 일실이익에 대하여 책임을 지지 아니한다.',
      en: 'Exclusion of Damages. Except for wilful misconduct or gross negligence, neither party is liable for any indirect, consequential or special damages or lost profits.',
    },
    examples: {
      ko: ['당사자는 간접손해 및 일실이익에 대하여 책임을 지지 아니한다.', '을은 특별손해나 결과적 손해를 배상하지 아니한다.'],
      en: ['Neither party shall be liable for any indirect or consequential damages or lost profits.', 'In no event will the Provider be liable for special or incidental damages.'],
    },
    legalBasis: [law(LAW.civil, '제393조', 2)],
    rule: {
      kind: 'present',
      labels: ['LIABILITY', 'INDEMNIFICATION', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:간접|특별|결과적|파생적)\s*(?:손해|손실)[^.]{0,80}?(?:책임을?\s*(?:지지|부담하지)|배상하지|배상\s*책임이\s*없|제외|면책)`,
          String.raw`(?:일실|기대)\s*(?:이익|수익)[^.]{0,80}?(?:책임을?\s*(?:지지|부담하지)|배상하지|배상\s*책임이\s*없|제외|면책)`,
        ],
        en: [
          String.raw`\b(?:not\s+(?:be\s+)?liable|no\s+liability|in\s+no\s+event)\b[^.]{0,120}?\b(?:indirect|consequential|special|incidental|lost\s+profits?)`,
          String.raw`\bneither\s+party\b[^.]{0,40}\bliable\b[^.]{0,120}?\b(?:indirect|consequential|special|incidental|lost\s+profits?)`,
          String.raw`\b(?:indirect|consequential|special|incidental)\b[^.]{0,160}?\b(?:are\s+excluded|shall\s+be\s+excluded|not\s+(?:be\s+)?recoverable)`,
        ],
      },
    },
  },
  {
    code: 'SERVICE.NO_TERMINATION_AT_WILL',
    contractType: 'SERVICE',
    label: 'TERMINATION',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '발주자가 사유나 보상 없이 임의로 계약을 해지할 수 없습니까?', en: 'Is the client unable to terminate at will without cause or compensation?' },
    metWhen: { ko: '발주자의 임의 해지 조항이 없거나, 있더라도 수행한 부분의 대금과 수행자의 손해를 보상하도록 정합니다.', en: 'There is no termination for convenience, or it requires paying for work done and the provider\'s loss.' },
    rationale: {
      ko: '도급인은 일의 완성 전 손해를 배상하고 해제할 수 있을 뿐이며(민법 제673조), 위임의 임의해지도 불리한 시기라면 손해배상이 따릅니다(민법 제689조 제2항). 보상 없는 임의 해지는 투입 비용을 수행자에게 떠넘기며, 약관이라면 부당한 해지권 부여로 무효가 될 수 있습니다(약관규제법 제9조).',
      en: 'A client may cancel before completion only by compensating the contractor (Civil Act Art. 673), and termination of a mandate at an inopportune time entails damages (Art. 689(2)). Termination at will without compensation shifts sunk costs to the provider and in standard terms may be void (Act on the Regulation of Terms and Conditions, Art. 9).',
    },
    standardClause: {
      ko: '제○조 (갑의 해지) 갑은 30일 전에 서면으로 통지하여 본 계약을 해지할 수 있다. 이 경우 갑은 해지일까지 을이 수행한 부분의 대금을 정산하여 지급하고, 해지로 인하여 을에게 발생한 손해를 배상한다.',
      en: 'Termination for Convenience. The Client may terminate on thirty (30) days\' written notice, in which case it shall pay for all services performed up to the termination date and reimburse the Provider\'s non-cancellable costs.',
    },
    examples: {
      ko: [
        '갑은 을이 본 계약을 위반하고 시정 요구를 받은 후 14일 이내에 시정하지 아니한 경우 계약을 해지할 수 있다.',
        '갑은 언제든지 계약을 해지할 수 있다. 이 경우 갑은 해지일까지 을이 수행한 부분의 대금을 정산하고 해지로 인한 을의 손해를 배상한다.',
      ],
      en: [
        'Either party may terminate this Agreement if the other party materially breaches it and fails to cure within thirty (30) days of notice.',
        'The Client may terminate for convenience on 30 days\' notice and shall pay for all services performed up to the termination date.',
      ],
    },
    legalBasis: [law(LAW.civil, '제673조'), law(LAW.civil, '제689조', 2), law(LAW.standardTerms, '제9조')],
    rule: {
      kind: 'absent',
      labels: ['TERMINATION'],
      patterns: {
        ko: [
          String.raw`(?:갑|발주자|위탁자|발주처)["”]?\s*(?:은|는|이|가)?[^.]{0,40}?(?:언제든지|사유\s*없이|이유\s*없이|임의로|일방적으로|편의(?:에\s*따라|상))[^.]{0,60}?(?:해지|해제)`,
          String.raw`(?:언제든지|임의로)\s*(?:본\s*)?(?:계약을?\s*)?(?:해지|해제)`,
        ],
        en: [
          String.raw`\bterminat\w*\b[^.]{0,80}\b(?:for\s+(?:its\s+)?convenience|without\s+cause|for\s+any\s+reason|at\s+will)\b`,
          String.raw`\b(?:for\s+(?:its\s+)?convenience|without\s+cause|at\s+any\s+time)\b[^.]{0,60}\bterminat\w*`,
        ],
      },
      unless: {
        ko: [String.raw`(?:손해|손실|비용|기성|수행한\s*부분)[^.]{0,40}?(?:배상|보상|정산|지급)`],
        en: [String.raw`\b(?:pay|compensat\w+|reimburse)\b[^.]{0,80}\b(?:work|services)\s+performed\b`, String.raw`\b(?:pay|compensat\w+|reimburse)\b[^.]{0,80}\b(?:costs?|expenses|loss(?:es)?)\b`],
      },
    },
  },
  {
    code: 'SERVICE.CURE_PERIOD',
    contractType: 'SERVICE',
    label: 'TERMINATION',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '위반을 이유로 한 해지는 서면 최고와 7일 이상의 시정기간을 거친 후에만 가능합니까?', en: 'Is termination for breach possible only after written notice and a cure period of at least 7 days?' },
    metWhen: { ko: '위반 당사자에게 서면으로 시정을 요구하고 7일 이상(예: 14일)의 기간 내에 시정하지 않을 때 해지할 수 있다고 정합니다.', en: 'A party may terminate for breach only if the breach is not cured within at least 7 days (e.g. 14) of written notice.' },
    rationale: {
      ko: '이행지체를 이유로 한 해제는 상당한 기간을 정한 최고가 원칙입니다(민법 제544조). 시정기간이 지나치게 짧으면 사소한 위반으로 계약 전체를 잃을 수 있습니다.',
      en: 'Rescission for delay normally requires a demand with a reasonable period to perform (Civil Act Art. 544). A very short cure period lets a minor breach end the whole contract.',
    },
    standardClause: {
      ko: '제○조 (계약의 해지) 당사자 일방이 본 계약을 위반한 경우 상대방은 14일 이상의 기간을 정하여 서면으로 시정을 요구하고, 그 기간 내에 시정되지 아니하면 서면 통지로 본 계약을 해지할 수 있다.',
      en: 'Termination for Breach. If a party breaches this Agreement and fails to cure the breach within fourteen (14) days after written notice, the other party may terminate by written notice.',
    },
    examples: {
      ko: ['당사자 일방이 계약을 위반한 경우 상대방은 서면으로 시정을 요구하고 14일 이내에 시정되지 않으면 해지할 수 있다.', '상대방에게 이행을 최고한 후 삼십(30)일 이내에 이행하지 아니한 때에는 계약을 해제할 수 있다.'],
      en: ['Either party may terminate if the other fails to cure a material breach within thirty (30) days after written notice.', 'A breach that remains uncured for 14 days after notice entitles the other party to terminate.'],
    },
    legalBasis: [law(LAW.civil, '제544조'), law(LAW.civil, '제543조', 1)],
    rule: {
      kind: 'threshold',
      labels: ['TERMINATION'],
      patterns: {
        ko: [
          String.raw`(?:시정|이행|치유|보완)[^.]{0,30}?(?:최고|요구|통지|요청)[^.]{0,40}?${NUM_KO}일\s*(?:이내|내|이상|동안|간)`,
          String.raw`${NUM_KO}일\s*(?:이상의?\s*)?(?:이내|내|기간)[^.]{0,30}?(?:시정|이행|치유|보완)`,
        ],
        en: [
          String.raw`\b(?:un)?cur(?:e|ed|ing)\b[^.]{0,60}?${NUM_EN}(?:calendar\s+|business\s+)?days`,
          String.raw`${NUM_EN}(?:calendar\s+|business\s+)?days\b[^.]{0,60}?\b(?:cure|cured|remedy|remedied)\b`,
        ],
      },
      unit: 'DAYS',
      min: 7,
      missing: 'UNCLEAR',
    },
  },
  {
    code: 'SERVICE.IP_OWNERSHIP',
    contractType: 'SERVICE',
    label: 'IP',
    protects: 'PARTY_A',
    risk: 'HIGH',
    question: { ko: '산출물에 관한 권리가 (대금 지급 시) 발주자에게 이전됩니까?', en: 'Do rights in the deliverables pass to the client (on payment)?' },
    metWhen: { ko: '산출물의 저작권 등 지식재산권이 대금 지급과 동시에 발주자에게 귀속하거나 양도된다고 정합니다.', en: 'Copyright and other IP in the deliverables vest in or are assigned to the client, on payment.' },
    rationale: {
      ko: '저작권은 창작한 수행자에게 원시적으로 귀속하므로 양도 약정이 없으면 발주자는 산출물을 자유롭게 수정·이용하지 못합니다. 저작재산권은 양도할 수 있으나(저작권법 제45조 제1항) 2차적저작물작성권은 특약이 없으면 양도되지 않은 것으로 추정되므로(같은 조 제2항) 명시해야 합니다.',
      en: 'Copyright vests in the provider who created the work, so without an assignment the client cannot freely modify or use it. Economic rights can be assigned (Copyright Act Art. 45(1)), but the right to make derivative works is presumed retained unless expressly included (Art. 45(2)).',
    },
    standardClause: {
      ko: '제○조 (산출물의 권리귀속) 본 용역의 산출물에 관한 저작권(2차적저작물작성권을 포함한다) 및 그 밖의 지식재산권은 갑이 용역대금을 완납한 때에 갑에게 귀속한다. 다만, 을이 계약 전부터 보유한 기술과 범용 모듈에 관한 권리는 을에게 유보되며 갑은 산출물 이용에 필요한 범위에서 이를 무상으로 사용할 수 있다.',
      en: 'Ownership. On full payment, all intellectual property rights in the deliverables, including the right to make derivative works, vest in the Client. The Provider retains its pre-existing materials and grants the Client a free licence to use them as part of the deliverables.',
    },
    examples: {
      ko: ['산출물에 관한 저작권 등 모든 지식재산권은 대금 지급과 동시에 갑에게 귀속한다.', '본 용역의 결과물에 대한 권리는 발주자에게 양도된다.'],
      en: ['All intellectual property rights in the deliverables shall vest in the Client upon payment.', 'The Provider hereby assigns to the Client all right, title and interest in the Deliverables.'],
    },
    legalBasis: [law(LAW.copyright, '제45조')],
    rule: {
      kind: 'present',
      labels: ['IP', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:산출물|결과물|성과물|납품물)[^.]{0,80}?(?:권리|저작권|지식재산권|소유권)[^.]{0,40}?["“]?(?:갑|발주자|위탁자)["”]?에게\s*(?:귀속|이전|양도)`,
          String.raw`(?:산출물|결과물|성과물|납품물)[^.]{0,40}?(?:권리|저작권|지식재산권|소유권)(?:은|는)\s*["“]?(?:갑|발주자|위탁자)["”]?에게\s*(?:귀속|이전|양도)`,
        ],
        en: [
          String.raw`\b(?:right,?\s+title\s+and\s+interest|intellectual\s+property\s+rights?|ownership|copyright)\b[^.]{0,120}\b(?:vest|pass|transfer|assign)\w*\b[^.]{0,40}\b(?:to|in)\s+(?:the\s+)?(?:Client|Customer|Company)\b`,
          String.raw`\bassigns?\s+to\s+(?:the\s+)?(?:Client|Customer|Company)\b`,
          String.raw`\b(?:Client|Customer|Company)\s+(?:shall\s+)?owns?\b[^.]{0,60}\bdeliverables`,
        ],
      },
    },
  },
  {
    code: 'SERVICE.CONFIDENTIALITY',
    contractType: 'SERVICE',
    label: 'CONFIDENTIALITY',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '양 당사자가 상대방의 정보를 비밀로 유지합니까?', en: 'Do both parties keep the other\'s information confidential?' },
    metWhen: { ko: '각 당사자가 계약 이행 중 알게 된 상대방의 정보를 비밀로 유지하고 목적 외로 사용하지 않는다고 쌍방으로 정합니다.', en: 'Each party keeps the other\'s information confidential and uses it only for the contract.' },
    rationale: {
      ko: '일방만 의무를 지면 다른 쪽의 영업비밀(부정경쟁방지법 제2조)은 계약상 보호를 받지 못합니다. 용역 수행 중에는 양쪽이 모두 정보를 주고받습니다.',
      en: 'A one-way clause leaves the other side\'s trade secrets (Unfair Competition Prevention Act, Art. 2) unprotected, although both sides exchange information during the services.',
    },
    standardClause: {
      ko: '제○조 (비밀유지) 각 당사자는 본 계약의 이행과 관련하여 알게 된 상대방의 영업상·기술상 정보를 상대방의 사전 서면 동의 없이 제3자에게 누설하거나 본 계약 외의 목적으로 사용하여서는 아니 되며, 이 의무는 계약 종료 후 3년간 존속한다.',
      en: 'Confidentiality. Each party shall keep confidential the other party\'s business and technical information received under this Agreement and use it only to perform this Agreement, for three (3) years after its end.',
    },
    examples: {
      ko: ['각 당사자는 본 계약과 관련하여 알게 된 상대방의 비밀을 제3자에게 누설하여서는 아니 된다.', '갑과 을은 상대방의 영업정보를 비밀로 유지한다.'],
      en: ['Each party shall keep confidential all information received from the other party.', 'Neither party shall disclose the other party\'s confidential information to any third party.'],
    },
    legalBasis: [law(LAW.unfairCompetition, '제2조')],
    rule: {
      kind: 'present',
      labels: ['CONFIDENTIALITY', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:각\s*당사자|양\s*당사자|쌍방|갑과\s*을|갑\s*및\s*을|당사자\s*모두)[^.]{0,80}?(?:비밀|기밀)`,
          String.raw`상대방[^.]{0,40}?(?:비밀|기밀|영업\s*정보|정보)[^.]{0,60}?(?:누설|공개|제공|유지|사용)`,
        ],
        en: [
          String.raw`\beach\s+party\b[^.]{0,120}\bconfidential`,
          String.raw`\bconfidential\w*\b[^.]{0,120}\bother\s+party`,
          String.raw`\b(?:neither|either)\s+party\b[^.]{0,120}\b(?:disclose|confidential)`,
        ],
      },
    },
  },
  {
    code: 'SERVICE.AUTO_RENEWAL_NOTICE',
    contractType: 'SERVICE',
    label: 'TERM',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '자동갱신이 있다면 만료 전 일정 기간 내 통지로 갱신을 거절할 수 있습니까?', en: 'Can any automatic renewal be stopped by notice within a stated period before expiry?' },
    metWhen: { ko: '자동갱신 조항이 없거나, 있다면 만료일 일정 기간(예: 1개월) 전까지 서면 통지로 갱신을 거절할 수 있다고 정합니다.', en: 'There is no automatic renewal, or either party may prevent it by written notice a stated time (e.g. one month) before expiry.' },
    rationale: {
      ko: '거절 방법이 없는 자동갱신은 원치 않는 계약에 계속 묶이게 합니다. 약관이라면 묵시적 갱신으로 고객에게 부당하게 불이익을 주는 조항은 무효입니다(약관규제법 제9조 제6호).',
      en: 'Renewal without an opt-out keeps a party bound against its will; in standard terms an implied renewal unfairly disadvantaging the customer is void (Act on the Regulation of Terms and Conditions, Art. 9 item 6).',
    },
    standardClause: {
      ko: '제○조 (계약기간의 갱신) 본 계약의 기간은 1년으로 한다. 다만, 어느 당사자도 기간 만료 1개월 전까지 서면으로 갱신 거절의 의사를 통지하지 아니하면 같은 조건으로 1년씩 연장된다.',
      en: 'Renewal. This Agreement runs for one year and renews for successive one-year terms unless either party gives written notice of non-renewal at least thirty (30) days before the end of the then-current term.',
    },
    examples: {
      ko: ['계약만료 1개월 전까지 서면으로 종료의사를 표시하지 않으면 본 계약은 자동으로 1년간 연장된다.', '본 계약의 기간은 2년으로 하며, 기간 만료 시 당사자의 서면 합의로 갱신할 수 있다.'],
      en: [
        'This Agreement renews automatically for successive one-year terms unless either party gives written notice of non-renewal at least 30 days before expiry.',
        'The term is two years and may be extended by written agreement of the parties.',
      ],
    },
    legalBasis: [law(LAW.standardTerms, '제9조')],
    rule: {
      kind: 'absent',
      labels: ['TERM', 'TERMINATION', 'OTHER'],
      patterns: {
        ko: [String.raw`자동(?:으로|적으로)?\s*(?:연장|갱신)`, String.raw`(?:동일한|같은)\s*조건으로[^.]{0,20}?(?:연장|갱신)된\s*것으로\s*본다`],
        en: [String.raw`\bautomatic(?:ally)?\s+(?:be\s+)?(?:renew|extend)`, String.raw`\b(?:renew|extend)\w*\s+automatically\b`, String.raw`\bauto-?renew\w*`],
      },
      unless: {
        ko: [
          String.raw`(?:만료|종료)\s*(?:일)?\s*(?:[일이삼사오육칠팔구십]+\s*)?\(?\d+\)?\s*(?:일|개월|달)\s*전(?:까지|에)?[^.]{0,40}?(?:서면|통지|통보|의사)`,
          String.raw`(?:서면|통지|통보)[^.]{0,40}?(?:만료|종료)\s*(?:일)?\s*\(?\d+\)?\s*(?:일|개월)\s*전`,
        ],
        en: [
          String.raw`\bnotice\b[^.]{0,80}?\(?\d+\)?\s+(?:days|months)\s+(?:before|prior\s+to)\b`,
          String.raw`\(?\d+\)?\s+(?:days|months)'?\s+(?:prior\s+)?(?:written\s+)?notice\b[^.]{0,80}\b(?:expir\w*|end\s+of|renew\w*)`,
        ],
      },
    },
  },
  {
    code: 'SERVICE.DISPUTE_FORUM',
    contractType: 'SERVICE',
    label: 'DISPUTE_RESOLUTION',
    protects: 'BOTH',
    risk: 'LOW',
    question: { ko: '관할법원 또는 중재가 정해져 있습니까?', en: 'Is a competent court or arbitration named?' },
    metWhen: { ko: '분쟁의 제1심 관할법원 또는 중재기관을 정합니다.', en: 'A court of first instance or an arbitration body is named for disputes.' },
    rationale: { ko: '당사자는 합의로 제1심 관할법원을 정할 수 있고(민사소송법 제29조), 정하지 않으면 원격지 법원에서 다투어야 할 수 있습니다.', en: 'Parties may agree the court of first instance (Civil Procedure Act, Art. 29); otherwise a party may have to litigate far away.' },
    standardClause: {
      ko: '제○조 (분쟁해결) 본 계약과 관련하여 분쟁이 발생한 경우 당사자는 협의로 해결하도록 노력하고, 협의가 이루어지지 않으면 서울중앙지방법원을 제1심 관할법원으로 한다.',
      en: 'Disputes. The parties shall try to settle disputes amicably; failing that, the Seoul Central District Court has jurisdiction at first instance.',
    },
    examples: {
      ko: ['본 계약에 관한 소송은 서울중앙지방법원을 관할법원으로 한다.', '분쟁은 대한상사중재원의 중재규칙에 따라 중재로 해결한다.'],
      en: ['The courts of Seoul shall have exclusive jurisdiction over any dispute.', 'Any dispute shall be finally resolved by arbitration in Seoul.'],
    },
    legalBasis: [law(LAW.civilProcedure, '제29조', 1)],
    rule: { kind: 'present', labels: ['DISPUTE_RESOLUTION', 'GOVERNING_LAW', 'OTHER'], patterns: FORUM },
  },
];
