import type { PlaybookCheckpoint } from '../playbook.types';
import { LAW, NUM_EN, NUM_KO, law } from './common';

/** 임대차계약: 갑 = 임대인 (landlord), 을 = 임차인 (tenant). */
export const LEASE_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'LEASE.DEPOSIT_RETURN',
    contractType: 'LEASE',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '임대차 종료 시 (목적물 인도와 동시에) 보증금을 반환합니까?', en: 'Is the deposit returned when the lease ends (with the premises handed back)?' },
    metWhen: { ko: '임대차가 끝나면 임차인의 목적물 인도와 동시에 임대인이 보증금을 반환한다고 정합니다.', en: 'When the lease ends the landlord returns the deposit against the tenant handing back the premises.' },
    rationale: {
      ko: '보증금 반환과 목적물 인도는 동시이행 관계이며(민법 제536조), 주택임대차에서는 보증금을 반환받을 때까지 임대차관계가 존속하는 것으로 봅니다(주택임대차보호법 제4조 제2항). 반환 시기와 공제 범위를 분명히 해야 분쟁이 줄어듭니다.',
      en: 'Return of the deposit and return of the premises are concurrent obligations (Civil Act Art. 536); for housing the lease continues until the deposit is repaid (Housing Lease Protection Act Art. 4(2)).',
    },
    standardClause: {
      ko: '제○조 (보증금의 반환) 임대차가 종료된 경우 을은 임차건물을 갑에게 인도하고, 갑은 이와 동시에 보증금에서 연체차임 등 을의 채무를 공제한 잔액을 을에게 반환한다.',
      en: 'Deposit. When the lease ends, the Landlord shall return the deposit, less any unpaid rent and other sums the Tenant owes, against the Tenant\'s surrender of the Premises.',
    },
    examples: {
      ko: ['임대차가 종료되면 임대인은 임차인의 명도와 동시에 보증금을 반환한다.', '갑은 계약 종료 시 보증금에서 연체 차임을 공제한 잔액을 을에게 돌려준다.'],
      en: ['The Landlord shall return the security deposit upon surrender of the Premises.', 'The deposit will be refunded within 14 days after the lease ends, less unpaid rent.'],
    },
    legalBasis: [law(LAW.civil, '제536조', 1), law(LAW.housingLease, '제4조', 2)],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`보증금[^.]{0,80}?(?:반환|돌려)`],
        en: [String.raw`\b(?:security\s+)?deposit\b[^.]{0,120}\b(?:return\w*|refund\w*|repa(?:y|id))\b`, String.raw`\b(?:return\w*|refund\w*|repay)\b[^.]{0,60}\b(?:security\s+)?deposit\b`],
      },
    },
  },
  {
    code: 'LEASE.RENT_INCREASE_CAP',
    contractType: 'LEASE',
    label: 'PAYMENT',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '차임 증액이 5% 이내로 제한됩니까?', en: 'Are rent increases capped at 5%?' },
    metWhen: { ko: '차임·보증금 증액은 청구 당시 금액의 5% 이내로 하고, 증액 후 1년 이내에는 다시 청구하지 않습니다.', en: 'Rent or deposit increases are at most 5% of the current amount and not again within a year of the last increase.' },
    rationale: {
      ko: '상가건물 임대차에서 차임 등의 증액청구는 청구 당시의 100분의 5를 초과하지 못하고(상가건물 임대차보호법 제11조, 같은 법 시행령 제4조), 주택임대차도 약정 차임 등의 20분의 1을 넘지 못합니다(주택임대차보호법 제7조, 같은 법 시행령 제8조). 이를 넘는 증액 약정은 임차인에게 불리하여 효력이 없습니다.',
      en: 'For commercial leases an increase may not exceed 5% of the current rent or deposit (Commercial Building Lease Protection Act Art. 11 and Decree Art. 4); for housing it may not exceed one twentieth (Housing Lease Protection Act Art. 7, Decree Art. 8).',
    },
    standardClause: {
      ko: '제○조 (차임의 증액) 갑은 조세, 공과금, 그 밖의 부담의 증가나 경제사정의 변동으로 차임 또는 보증금이 상당하지 아니하게 된 경우 청구 당시 금액의 5% 이내에서 증액을 청구할 수 있으며, 증액이 있은 후 1년 이내에는 다시 증액을 청구하지 못한다.',
      en: 'Rent Increase. The Landlord may request an increase of the rent or deposit of no more than five percent (5%) of the current amount where taxes, charges or economic conditions so warrant, and not within one year of the last increase.',
    },
    examples: {
      ko: ['임대인은 차임을 증액하는 경우 청구 당시 차임의 5% 이내에서 인상할 수 있다.', '보증금 또는 월세의 증액은 연 3%를 넘지 아니한다.'],
      en: ['Any rent increase shall not exceed 5% of the current rent.', 'The Landlord may increase the rent once a year by no more than 3%.'],
    },
    legalBasis: [
      law(LAW.commercialLease, '제11조', 1),
      law(LAW.commercialLeaseDecree, '제4조'),
      law(LAW.housingLease, '제7조', 1),
      law(LAW.housingLeaseDecree, '제8조', 1),
    ],
    rule: {
      kind: 'threshold',
      labels: ['PAYMENT'],
      patterns: {
        ko: [
          String.raw`(?:차임|임대료|보증금|월세|관리비)[^.]{0,60}?(?:증액|인상)[^.]{0,40}?(?:연\s*)?\(?(\d+(?:\.\d+)?)\)?\s*(?:%|퍼센트|프로)`,
          String.raw`(?:증액|인상)[^.]{0,40}?(?:차임|임대료|보증금|월세)[^.]{0,40}?(?:연\s*)?\(?(\d+(?:\.\d+)?)\)?\s*(?:%|퍼센트|프로)`,
          String.raw`(?:차임|임대료|보증금|월세)[^.]{0,30}?\(?(\d+(?:\.\d+)?)\)?\s*(?:%|퍼센트|프로)[^.]{0,10}?(?:증액|인상)`,
        ],
        en: [
          String.raw`\b(?:rent|deposit)\b[^.]{0,80}\b(?:increase|raise)\w*\b[^.]{0,60}?\(?(\d+(?:\.\d+)?)\)?\s*(?:%|percent)`,
          String.raw`\b(?:increase|raise)\w*\b[^.]{0,60}?\b(?:rent|deposit)\b[^.]{0,60}?\(?(\d+(?:\.\d+)?)\)?\s*(?:%|percent)`,
        ],
      },
      unit: 'PERCENT',
      max: 5,
      missing: 'NOT_APPLICABLE',
    },
  },
  {
    code: 'LEASE.RENEWAL_RIGHT',
    contractType: 'LEASE',
    label: 'TERM',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '임차인이 계약갱신을 요구할 수 있습니까?', en: 'May the tenant request renewal?' },
    metWhen: { ko: '임차인이 만료 전 일정 기간 내에 계약갱신을 요구할 수 있고 임대인은 정당한 사유 없이 거절하지 못한다고 정합니다.', en: 'The tenant may request renewal within a period before expiry, and the landlord may not refuse without just cause.' },
    rationale: {
      ko: '상가건물 임차인은 만료 6개월 전부터 1개월 전까지 갱신을 요구할 수 있고 임대인은 정당한 사유 없이 거절하지 못하며(상가건물 임대차보호법 제10조), 주택 임차인에게도 갱신요구권이 있습니다(주택임대차보호법 제6조의3). 계약에 명시하면 권리 행사 시기를 놓치지 않습니다.',
      en: 'A commercial tenant may request renewal between six months and one month before expiry and the landlord may not refuse without cause (Commercial Building Lease Protection Act Art. 10); housing tenants have a similar right (Housing Lease Protection Act Art. 6-3).',
    },
    standardClause: {
      ko: '제○조 (계약의 갱신) 을이 임대차기간 만료 6개월 전부터 1개월 전까지 사이에 계약갱신을 요구하는 경우 갑은 상가건물 임대차보호법 제10조 제1항 각 호의 사유가 없는 한 이를 거절하지 못한다.',
      en: 'Renewal. If the Tenant requests renewal between six months and one month before the end of the term, the Landlord may refuse only on the grounds permitted by law.',
    },
    examples: {
      ko: ['임차인은 임대차기간 만료 6개월 전부터 1개월 전까지 계약갱신을 요구할 수 있다.', '을이 갱신을 요청하는 경우 갑은 정당한 사유 없이 거절하지 못한다.'],
      en: ['The Tenant has an option to renew the lease for a further two years.', 'The Tenant may request renewal of this Lease at least one month before expiry.'],
    },
    legalBasis: [law(LAW.commercialLease, '제10조', 1), law(LAW.housingLease, '제6조의3', 1)],
    rule: {
      kind: 'present',
      labels: ['TERM', 'OTHER'],
      patterns: {
        ko: [String.raw`(?:계약\s*)?갱신(?:을)?\s*(?:요구|청구|요청)`],
        en: [String.raw`\boption\s+to\s+(?:renew|extend)\b`, String.raw`\brenew\w*\b[^.]{0,80}\b(?:request|option|right)\b`, String.raw`\b(?:request|option|right)\b[^.]{0,40}\brenew\w*`],
      },
    },
  },
  {
    code: 'LEASE.REPAIRS',
    contractType: 'LEASE',
    label: 'OTHER',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '수선의무를 누가 부담하는지 정해져 있습니까?', en: 'Is it stated who repairs what?' },
    metWhen: { ko: '주요 구조부 등 대규모 수선은 임대인이, 소모품 교체 등 경미한 수선은 임차인이 부담하는 식으로 수선 범위를 나눕니다.', en: 'Major and structural repairs fall on the landlord and minor repairs on the tenant, or the split is otherwise stated.' },
    rationale: {
      ko: '임대인은 목적물을 사용·수익에 필요한 상태로 유지할 의무가 있고(민법 제623조), 임차인이 지출한 필요비는 상환을 청구할 수 있습니다(민법 제626조). 분담을 정하지 않으면 누수·설비 고장 때마다 다툼이 생깁니다.',
      en: 'The landlord must keep the premises fit for use (Civil Act Art. 623) and reimburse necessary expenses the tenant incurs (Art. 626); without a split every leak becomes a dispute.',
    },
    standardClause: {
      ko: '제○조 (수선) 임차건물의 주요 구조부와 설비의 수선은 갑이 부담하고, 전구 교체 등 통상의 사용에 따른 경미한 수선은 을이 부담한다.',
      en: 'Repairs. The Landlord shall carry out structural repairs and repairs to building systems; the Tenant shall carry out minor repairs arising from ordinary use.',
    },
    examples: {
      ko: ['건물의 주요 구조부 수선은 임대인이 부담하고, 경미한 수선은 임차인이 부담한다.', '갑은 임차건물의 사용에 필요한 수리를 하여야 한다.'],
      en: ['The Landlord shall be responsible for structural repairs.', 'Minor repairs shall be carried out by the Tenant at its own cost.'],
    },
    legalBasis: [law(LAW.civil, '제623조'), law(LAW.civil, '제626조', 1)],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`(?:수선|수리|보수)[^.]{0,80}?(?:임대인|임차인|갑|을)["”]?(?:이|가|은|는)?\s*(?:부담|책임|하여야|한다)`, String.raw`(?:임대인|임차인|갑|을)["”]?(?:은|는|이|가)[^.]{0,60}?(?:수선|수리)`],
        en: [String.raw`\brepair\w*\b[^.]{0,120}\b(?:Landlord|Tenant|Lessor|Lessee)\b`, String.raw`\b(?:Landlord|Tenant|Lessor|Lessee)\b[^.]{0,120}\brepair\w*`],
      },
    },
  },
  {
    code: 'LEASE.RESTORATION_SCOPE',
    contractType: 'LEASE',
    label: 'TERMINATION',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '원상복구의 범위가 (통상의 손모 제외 등) 한정되어 있습니까?', en: 'Is the restoration (원상복구) scope limited or defined, e.g. excluding ordinary wear?' },
    metWhen: { ko: '원상복구를 인도받은 당시의 상태로 한정하고 통상의 사용에 따른 손모는 제외한다고 정합니다.', en: 'Restoration is to the condition at handover, excluding ordinary wear and tear.' },
    rationale: {
      ko: '임차인은 반환 시 원상회복 의무를 지지만(민법 제654조, 제615조), 그 범위가 정해지지 않으면 전 임차인의 시설이나 자연 노후까지 복구를 요구받아 보증금에서 공제될 수 있습니다.',
      en: 'The tenant must restore the premises on return (Civil Act Arts. 654, 615), but an undefined scope lets the landlord charge for a previous tenant\'s fit-out or normal ageing against the deposit.',
    },
    standardClause: {
      ko: '제○조 (원상복구) 을은 임대차 종료 시 임차건물을 인도받은 당시의 상태로 복구하여 반환한다. 다만, 통상의 사용에 따른 손모와 자연적 노후는 원상복구 대상에서 제외한다.',
      en: 'Restoration. On expiry the Tenant shall return the Premises in the condition in which they were delivered, ordinary wear and tear excepted.',
    },
    examples: {
      ko: ['을은 임차건물을 인도받을 당시의 상태로 원상복구한다. 다만, 통상의 사용에 따른 손모는 제외한다.', '자연 마모에 대해서는 임차인이 원상회복 책임을 지지 아니한다.'],
      en: ['The Tenant shall return the Premises in good condition, ordinary wear and tear excepted.', 'Fair wear and tear is excluded from the Tenant\'s restoration duty.'],
    },
    legalBasis: [law(LAW.civil, '제654조'), law(LAW.civil, '제615조')],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [
          String.raw`(?:통상(?:의|적인)?\s*(?:사용|손모|마모)|자연\s*(?:마모|손모|소모|노후|적\s*노후))[^.]{0,60}?(?:제외|예외|책임을?\s*(?:지지|부담하지))`,
          String.raw`원상\s*(?:복구|회복)[^.]{0,100}?(?:인도\s*(?:받을|받은)\s*당시|현\s*상태|별지|목록)`,
          String.raw`(?:인도\s*(?:받을|받은)\s*당시)[^.]{0,40}?(?:상태)[^.]{0,40}?(?:원상\s*(?:복구|회복)|복구)`,
        ],
        en: [String.raw`\b(?:ordinary|normal|reasonable|fair)\s+wear\s+and\s+tear\b`, String.raw`\brestor\w*\b[^.]{0,120}\bcondition\b[^.]{0,60}\b(?:at\s+(?:the\s+)?commencement|when\s+delivered|as\s+of\s+the\s+date)`],
      },
    },
  },
  {
    code: 'LEASE.ARREARS_TERMINATION',
    contractType: 'LEASE',
    label: 'TERMINATION',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '차임 연체를 이유로 한 해지는 3기 이상 연체된 때에만 가능합니까?', en: 'Is termination for unpaid rent possible only after 3 periods\' arrears?' },
    metWhen: { ko: '임차인의 차임 연체액이 3기의 차임액에 달하는 때에 임대인이 해지할 수 있다고 정합니다.', en: 'The landlord may terminate for arrears only when unpaid rent reaches three periods\' rent.' },
    rationale: {
      ko: '상가건물 임대차에서 임대인은 차임연체액이 3기의 차임액에 달하는 때에 해지할 수 있고(상가건물 임대차보호법 제10조의8), 민법상 건물 임대차도 2기 이상 연체가 요건입니다(민법 제640조). 1회 연체로 즉시 해지하는 약정은 임차인에게 불리하여 효력이 없습니다.',
      en: 'A commercial landlord may terminate when arrears reach three periods\' rent (Commercial Building Lease Protection Act Art. 10-8); under the Civil Act two periods are needed for buildings (Art. 640). Termination after one missed payment is void as against the tenant.',
    },
    standardClause: {
      ko: '제○조 (차임연체와 해지) 을의 차임연체액이 3기의 차임액에 달하는 때에는 갑은 서면 통지로 본 계약을 해지할 수 있다.',
      en: 'Termination for Arrears. The Landlord may terminate by written notice if unpaid rent reaches three (3) months\' rent.',
    },
    examples: {
      ko: ['임차인의 차임연체액이 3기의 차임액에 달하는 때에는 임대인은 계약을 해지할 수 있다.', '을이 3개월분 이상의 차임을 연체한 경우 갑은 계약을 해지할 수 있다.'],
      en: ['The Landlord may terminate if rent is unpaid for three (3) months.', 'If the Tenant fails to pay rent for 3 consecutive months, the Landlord may terminate this Lease.'],
    },
    legalBasis: [law(LAW.commercialLease, '제10조의8'), law(LAW.civil, '제640조')],
    rule: {
      kind: 'threshold',
      labels: ['TERMINATION'],
      patterns: {
        ko: [
          String.raw`${NUM_KO}(?:기|회|개월|달)\s*(?:분|치)?\s*(?:이상|의)?\s*(?:차임|월세|임대료)?[^.]{0,20}?(?:을|를|이)?\s*연체`,
          String.raw`(?:차임|월세|임대료)[^.]{0,10}?연체\s*(?:액|금액)?(?:이|가)?[^.]{0,20}?${NUM_KO}(?:기|회|개월|달)`,
        ],
        en: [
          String.raw`\brent\b[^.]{0,80}?\b(?:arrears|unpaid|overdue|late)\b[^.]{0,60}?${NUM_EN}(?:consecutive\s+)?(?:months?|periods?|instal+ments?|times)`,
          String.raw`\b(?:arrears|fails?\s+to\s+pay)\b[^.]{0,40}?\brent\b[^.]{0,60}?${NUM_EN}(?:consecutive\s+)?(?:months?|periods?|instal+ments?|times)`,
        ],
      },
      unit: 'MONTHS',
      min: 3,
      missing: 'UNCLEAR',
    },
  },
  {
    code: 'LEASE.SUBLEASE_CONSENT',
    contractType: 'LEASE',
    label: 'ASSIGNMENT',
    protects: 'PARTY_A',
    risk: 'LOW',
    question: { ko: '전대·임차권 양도에 임대인의 동의가 필요합니까?', en: 'Do subletting and assignment need the landlord\'s consent?' },
    metWhen: { ko: '임차인은 임대인의 동의 없이 임차권을 양도하거나 전대하지 못한다고 정합니다.', en: 'The tenant may not assign or sublet without the landlord\'s consent.' },
    rationale: {
      ko: '임차인은 임대인의 동의 없이 임차권을 양도하거나 전대하지 못하며, 위반 시 임대인은 해지할 수 있습니다(민법 제629조). 계약에 명시해 두면 임대인이 모르는 제3자의 점유를 막을 수 있습니다.',
      en: 'A tenant may not assign or sublet without the landlord\'s consent, and the landlord may terminate if it does (Civil Act Art. 629).',
    },
    standardClause: {
      ko: '제○조 (전대 등의 제한) 을은 갑의 사전 서면 동의 없이 임차권을 양도하거나 임차건물의 전부 또는 일부를 전대하지 못한다.',
      en: 'Assignment and Subletting. The Tenant shall not assign this Lease or sublet any part of the Premises without the Landlord\'s prior written consent.',
    },
    examples: {
      ko: ['임차인은 임대인의 동의 없이 임차건물을 전대하지 못한다.', '을은 갑의 사전 서면 승낙 없이 임차권을 양도할 수 없다.'],
      en: ['The Tenant shall not sublet the Premises without the Landlord\'s prior written consent.', 'Any assignment of this Lease requires the consent of the Landlord.'],
    },
    legalBasis: [law(LAW.civil, '제629조')],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`(?:동의|승낙)\s*(?:없이|를\s*(?:얻지|받지)\s*아니하고)[^.]{0,60}?(?:전대|양도)`, String.raw`(?:전대|양도)[^.]{0,60}?(?:동의|승낙)(?:를|을)?\s*(?:받아|얻어)`],
        en: [String.raw`\b(?:sublet|sub-?lease|assign)\w*\b[^.]{0,120}\bconsent\b`, String.raw`\bconsent\b[^.]{0,120}\b(?:sublet|sub-?lease|assign)\w*`],
      },
    },
  },
];
