import type { PlaybookCheckpoint } from '../playbook.types';
import { LAW, LIABILITY_CAP, law } from './common';

/** 라이선스계약: 갑 = 허락권자 (licensor), 을 = 사용권자 (licensee). */
export const LICENSE_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'LICENSE.GRANT_SCOPE',
    contractType: 'LICENSE',
    label: 'IP',
    protects: 'BOTH',
    risk: 'HIGH',
    question: { ko: '독점·비독점 여부, 지역, 사용 분야가 정해져 있습니까?', en: 'Are exclusivity, territory and field of use stated?' },
    metWhen: { ko: '허락하는 권리가 독점적인지 비독점적인지와 허락 지역·분야·용도를 정합니다.', en: 'The licence states whether it is exclusive or non-exclusive and its territory and field of use.' },
    rationale: {
      ko: '특허는 전용실시권(특허법 제100조)과 통상실시권(제102조)의 효력이 크게 다르고, 저작물 이용자는 허락받은 방법과 조건의 범위에서만 이용할 수 있습니다(저작권법 제46조 제2항). 범위가 불명확하면 침해와 계약 위반의 경계가 흐려집니다.',
      en: 'An exclusive patent licence (Patent Act Art. 100) differs greatly from a non-exclusive one (Art. 102), and a copyright licensee may only use the work within the manner and conditions licensed (Copyright Act Art. 46(2)). A vague grant blurs the line between use and infringement.',
    },
    standardClause: {
      ko: '제○조 (실시권의 허락) 갑은 을에게 계약기간 동안 대한민국 내에서 별지 기재 제품의 제조·판매 분야에 한하여 본 특허에 대한 비독점적 통상실시권을 허락한다.',
      en: 'Grant. The Licensor grants the Licensee a non-exclusive, non-transferable licence to use the Licensed Technology in the Republic of Korea, solely in the field of the products listed in Schedule 1, during the Term.',
    },
    examples: {
      ko: ['갑은 을에게 대한민국 내에서 본 특허에 대한 비독점적 통상실시권을 허락한다.', '허락권자는 사용권자에게 계약지역 내에서 독점적인 사용권을 부여한다.'],
      en: ['The Licensor grants the Licensee a non-exclusive license in the Territory.', 'Licensor hereby grants to Licensee an exclusive right to manufacture the Products in Korea.'],
    },
    legalBasis: [law(LAW.patent, '제100조', 1), law(LAW.patent, '제102조', 1), law(LAW.copyright, '제46조', 2)],
    rule: {
      kind: 'present',
      labels: ['IP', 'PURPOSE', 'OTHER'],
      patterns: {
        ko: [String.raw`(?:비\s*독점|독점|전용|통상|배타)(?:적|적인|적으로)?\s*(?:인|이고|이며)?[^.]{0,40}?(?:실시권|사용권|이용권|라이선스|라이센스|권리|이용\s*허락)`],
        en: [String.raw`\b(?:non-?exclusive|exclusive|sole)\b[^.]{0,80}\b(?:licen[cs]e|right)`],
      },
    },
  },
  {
    code: 'LICENSE.ROYALTY_TERMS',
    contractType: 'LICENSE',
    label: 'PAYMENT',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '로열티의 산정 기준, 요율, 지급일이 정해져 있습니까?', en: 'Are the royalty basis, rate and payment date stated?' },
    metWhen: { ko: '순매출액 등 산정 기준, 요율 또는 금액, 정산 주기와 지급일을 정합니다.', en: 'The royalty base (e.g. net sales), the rate or amount and the reporting and payment dates are stated.' },
    rationale: {
      ko: '산정 기준(총매출·순매출, 공제항목)과 요율이 불명확하면 로열티 분쟁의 가장 흔한 원인이 됩니다. 금전채무 지체 시에는 약정이율 또는 법정이율의 지연손해금이 붙습니다(민법 제397조).',
      en: 'An unclear base (gross or net sales, deductions) or rate is the most common cause of royalty disputes; late royalties bear the agreed or statutory interest (Civil Act Art. 397).',
    },
    standardClause: {
      ko: '제○조 (실시료) 을은 허락제품 순매출액의 3%를 실시료로 하여 매 분기 종료 후 30일 이내에 판매보고서와 함께 갑에게 지급한다.',
      en: 'Royalties. The Licensee shall pay a royalty of three percent (3%) of Net Sales of Licensed Products, with a sales report, within thirty (30) days after the end of each calendar quarter.',
    },
    examples: {
      ko: ['을은 순매출액의 3%를 실시료로 하여 매 분기 종료 후 30일 이내에 지급한다.', '사용료는 제품 1개당 금 1,000원으로 하고 매월 말일에 정산한다.'],
      en: ['The Licensee shall pay a royalty of 5% of Net Sales within 30 days after each quarter.', 'Royalties of USD 2 per unit sold are payable quarterly.'],
    },
    legalBasis: [law(LAW.civil, '제397조', 1)],
    rule: {
      kind: 'present',
      labels: ['PAYMENT'],
      patterns: {
        ko: [String.raw`(?:로열티|로얄티|실시료|사용료|이용료|기술료)[^.]{0,80}?(?:\d+(?:\.\d+)?\s*(?:%|퍼센트)|100분의\s*\d+|금\s*[\d,]+\s*원)`, String.raw`(?:\d+(?:\.\d+)?\s*(?:%|퍼센트)|금\s*[\d,]+\s*원)[^.]{0,40}?(?:로열티|로얄티|실시료|사용료|이용료|기술료)`],
        en: [String.raw`\broyalt\w+\b[^.]{0,120}?(?:\d+(?:\.\d+)?\s*(?:%|percent)|(?:USD|KRW|US\$|\$|₩)\s?[\d,]+)`, String.raw`(?:\d+(?:\.\d+)?\s*(?:%|percent)|(?:USD|KRW|US\$|\$|₩)\s?[\d,]+)[^.]{0,80}\broyalt\w+`],
      },
    },
  },
  {
    code: 'LICENSE.AUDIT_RIGHTS',
    contractType: 'LICENSE',
    label: 'PAYMENT',
    protects: 'PARTY_A',
    risk: 'LOW',
    question: { ko: '허락권자가 로열티 관련 장부를 감사할 수 있습니까?', en: 'May the licensor audit the royalty records?' },
    metWhen: { ko: '사용권자가 판매·정산 장부를 보관하고, 허락권자가 사전 통지 후 이를 열람·감사할 수 있다고 정합니다.', en: 'The licensee keeps sales records and the licensor may inspect or audit them on notice.' },
    rationale: {
      ko: '매출 기반 로열티는 사용권자의 보고에 의존하므로, 장부 열람·감사권이 없으면 허락권자는 과소 신고를 확인할 방법이 없습니다.',
      en: 'Sales-based royalties rely on the licensee\'s own reports; without an audit right the licensor cannot check under-reporting.',
    },
    standardClause: {
      ko: '제○조 (장부의 열람) 을은 허락제품의 생산·판매에 관한 장부를 계약 종료 후 3년간 보관하며, 갑은 10일 전 서면 통지로 영업시간 중 이를 열람하거나 회계감사인을 통하여 감사할 수 있다. 감사 결과 5% 이상 과소 지급이 확인되면 감사 비용은 을이 부담한다.',
      en: 'Audit. The Licensee shall keep complete records of sales for three (3) years, and the Licensor may audit them on ten (10) days\' notice; the Licensee bears the audit cost if an underpayment of 5% or more is found.',
    },
    examples: {
      ko: ['갑은 사전 통지 후 을의 판매 장부를 열람하거나 감사할 수 있다.', '사용권자는 실시료 산정에 관한 기록을 보관하고 허락권자의 확인 요청에 응한다.'],
      en: ['The Licensor may audit the Licensee\'s books and records on reasonable notice.', 'Licensee shall keep accurate records, which Licensor may inspect once a year.'],
    },
    legalBasis: [],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`(?:장부|기록|회계\s*자료|판매\s*(?:기록|자료))[^.]{0,80}?(?:열람|감사|검사|실사|확인)`, String.raw`(?:감사|실사)(?:할|를\s*할)\s*(?:수\s*있|권리)`],
        en: [String.raw`\b(?:audit|inspect)\w*\b[^.]{0,120}\b(?:books|records|accounts)\b`, String.raw`\b(?:books|records|accounts)\b[^.]{0,120}\b(?:audit|inspect)\w*`],
      },
    },
  },
  {
    code: 'LICENSE.NON_INFRINGEMENT',
    contractType: 'LICENSE',
    label: 'INDEMNIFICATION',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '허락권자가 제3자 권리 비침해를 보증하고 제3자의 지식재산권 청구를 방어·면책합니까?', en: 'Does the licensor warrant non-infringement and defend or indemnify third-party IP claims?' },
    metWhen: { ko: '허락권자가 허락 대상이 제3자의 권리를 침해하지 않음을 보증하고, 침해 주장이 있으면 자기 책임과 비용으로 방어하고 사용권자의 손해를 배상합니다.', en: 'The licensor warrants that the licensed rights do not infringe third-party rights and defends and indemnifies the licensee against infringement claims.' },
    rationale: {
      ko: '사용권자는 허락받은 기술을 믿고 투자하므로, 침해 분쟁이 생기면 제조 중단과 배상 위험을 떠안습니다. 보증과 면책이 없으면 채무불이행 책임(민법 제390조)을 입증해야 하는 부담도 사용권자에게 남습니다.',
      en: 'The licensee invests relying on the technology and bears shutdown and damages risk if it infringes; without a warranty and indemnity it must prove a breach (Civil Act Art. 390) itself.',
    },
    standardClause: {
      ko: '제○조 (권리의 보증) ① 갑은 허락 대상 기술이 제3자의 지식재산권을 침해하지 아니함을 보증한다. ② 을의 허락 범위 내 실시와 관련하여 제3자가 권리 침해를 주장하는 경우 갑은 자기의 책임과 비용으로 이를 방어하고 을이 입은 손해를 배상한다.',
      en: 'Non-Infringement. The Licensor warrants that the Licensed Technology does not infringe any third party\'s intellectual property rights and shall defend, indemnify and hold harmless the Licensee against any claim alleging such infringement.',
    },
    examples: {
      ko: ['갑은 허락 대상 기술이 제3자의 지식재산권을 침해하지 아니함을 보증한다.', '제3자가 권리 침해를 주장하는 경우 허락권자는 자기의 책임과 비용으로 이를 방어한다.'],
      en: ['The Licensor warrants that the Licensed Technology does not infringe any third-party rights.', 'Licensor shall defend and indemnify Licensee against any claim of infringement.'],
    },
    legalBasis: [law(LAW.civil, '제390조')],
    rule: {
      kind: 'present',
      labels: ['INDEMNIFICATION', 'LIABILITY', 'IP', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:제3자|타인)의?\s*(?:지식\s*재산권|특허권|저작권|상표권|권리)[^.]{0,40}?침해하지\s*(?:아니|않)`,
          String.raw`(?:제3자|타인)[^.]{0,60}?침해[^.]{0,100}?(?:책임과\s*비용|비용과\s*책임|방어|면책|배상)`,
        ],
        en: [
          String.raw`\bdo(?:es)?\s+not\s+infringe\b`,
          String.raw`\bnon-?infringement\b`,
          String.raw`\b(?:defend|indemnif\w+|hold\s+harmless)\b[^.]{0,160}\binfring\w*`,
        ],
      },
    },
  },
  {
    code: 'LICENSE.SUBLICENSE_CONSENT',
    contractType: 'LICENSE',
    label: 'ASSIGNMENT',
    protects: 'PARTY_A',
    risk: 'MEDIUM',
    question: { ko: '재실시 허락이나 권리 양도에 허락권자의 동의가 필요합니까?', en: 'Do sublicensing and assignment need the licensor\'s consent?' },
    metWhen: { ko: '사용권자가 허락권자의 사전 서면 동의 없이 재실시권을 허락하거나 계약상 지위·권리를 양도할 수 없다고 정합니다.', en: 'The licensee may not sublicense or assign without the licensor\'s prior written consent.' },
    rationale: {
      ko: '저작물 이용권은 저작재산권자의 동의 없이 양도할 수 없고(저작권법 제46조 제3항), 전용실시권자도 특허권자의 동의 없이 통상실시권을 허락할 수 없습니다(특허법 제100조 제4항). 계약에서도 이를 분명히 해 기술이 모르는 제3자에게 넘어가지 않게 합니다.',
      en: 'A copyright licence cannot be transferred without the owner\'s consent (Copyright Act Art. 46(3)), and an exclusive patent licensee needs the patentee\'s consent to grant sublicences (Patent Act Art. 100(4)). The contract should say so to keep the technology from unknown third parties.',
    },
    standardClause: {
      ko: '제○조 (재실시 및 양도의 제한) 을은 갑의 사전 서면 동의 없이 제3자에게 재실시권을 허락하거나 본 계약상의 지위 또는 권리를 양도할 수 없다.',
      en: 'Sublicensing and Assignment. The Licensee may not sublicense or assign any right under this Agreement without the Licensor\'s prior written consent.',
    },
    examples: {
      ko: ['을은 갑의 사전 서면 동의 없이 재실시권을 허락할 수 없다.', '사용권자는 허락권자의 동의 없이 본 계약상 권리를 제3자에게 양도하지 못한다.'],
      en: ['The Licensee shall not grant any sublicense without the Licensor\'s prior written consent.', 'Licensee may not assign this Agreement without the prior written consent of Licensor.'],
    },
    legalBasis: [law(LAW.copyright, '제46조', 3), law(LAW.patent, '제100조', 4)],
    rule: {
      kind: 'present',
      labels: ['ASSIGNMENT', 'IP', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:동의|승낙|승인)\s*(?:없이|를\s*받지\s*아니하고)[^.]{0,60}?(?:재실시|재허락|재사용|서브\s*라이선스|제3자|양도|이전)`,
          String.raw`(?:재실시|재허락|서브\s*라이선스|양도)[^.]{0,60}?(?:사전\s*)?(?:서면\s*)?(?:동의|승낙|승인)(?:를|을)?\s*(?:받아|얻어)`,
        ],
        en: [
          String.raw`\bsub-?licen[cs]\w*\b[^.]{0,120}\b(?:consent|approval)\b`,
          String.raw`\bassign\w*\b[^.]{0,100}\b(?:consent|approval)\b`,
        ],
      },
    },
  },
  {
    code: 'LICENSE.IMPROVEMENTS',
    contractType: 'LICENSE',
    label: 'IP',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '개량기술·2차적저작물의 권리 귀속이 정해져 있습니까?', en: 'Is it stated who owns improvements and derivative works?' },
    metWhen: { ko: '사용권자 또는 허락권자가 만든 개량기술·2차적저작물의 권리가 누구에게 귀속하고 상대방이 이를 사용할 수 있는지 정합니다.', en: 'The contract says who owns improvements or derivative works and whether the other party may use them.' },
    rationale: {
      ko: '2차적저작물은 독자적인 저작물로 보호되어(저작권법 제5조) 작성자에게 권리가 생기므로, 정함이 없으면 개량 결과를 두고 양측이 다툽니다. 사용권자의 개량을 대가 없이 허락권자에게 귀속시키는 조항은 불공정 소지가 있어 조정이 필요합니다.',
      en: 'A derivative work is protected as a work of its own (Copyright Act Art. 5), vesting in whoever made it, so silence leads to disputes over improvements; a free grant-back of all licensee improvements can be unfair and needs balancing.',
    },
    standardClause: {
      ko: '제○조 (개량기술) 각 당사자가 단독으로 개발한 개량기술에 관한 권리는 개발한 당사자에게 귀속하고, 상대방은 계약기간 동안 이를 비독점적으로 실시할 수 있다. 공동으로 개발한 개량기술은 공유로 한다.',
      en: 'Improvements. Improvements made solely by a party are owned by that party, and the other party receives a non-exclusive licence to use them during the Term; joint improvements are jointly owned.',
    },
    examples: {
      ko: ['각 당사자가 개발한 개량기술에 관한 권리는 개발한 당사자에게 귀속한다.', '을이 작성한 2차적저작물의 저작권은 을에게 귀속한다.'],
      en: ['Improvements developed by the Licensee shall be owned by the Licensee.', 'All derivative works created by either party belong to the Licensor.'],
    },
    legalBasis: [law(LAW.copyright, '제5조', 1)],
    rule: {
      kind: 'present',
      labels: ['IP', 'OTHER'],
      patterns: {
        ko: [String.raw`(?:개량|개선)\s*(?:기술|발명|사항)?[^.]{0,80}?(?:귀속|소유|권리)`, String.raw`(?:2차적\s*저작물|파생\s*저작물)[^.]{0,80}?(?:귀속|소유|권리)`],
        en: [String.raw`\b(?:improvements?|derivative\s+works?|modifications?|enhancements?)\b[^.]{0,120}\b(?:own\w*|vest\w*|belong\w*|property|title)\b`],
      },
    },
  },
  {
    code: 'LICENSE.POST_TERMINATION',
    contractType: 'LICENSE',
    label: 'TERMINATION',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '계약 종료의 효과(사용 중단, 재고 판매, 자료 반환)가 정해져 있습니까?', en: 'Are the effects of termination (cease use, sell-off, return) stated?' },
    metWhen: { ko: '종료 시 사용권자의 실시 중단, 잔여 재고의 처분 기간, 기술자료의 반환·폐기를 정합니다.', en: 'On termination the licensee stops using the licensed rights, may sell off stock for a set period and returns or destroys materials.' },
    rationale: {
      ko: '정함이 없으면 종료 후 재고 판매가 침해인지, 이미 받은 자료를 어떻게 처리할지 다투게 됩니다. 종료의 효과를 계약에서 정해 두는 것이 안전합니다.',
      en: 'Silence leaves open whether selling remaining stock infringes and what happens to materials; the contract should set the consequences of termination.',
    },
    standardClause: {
      ko: '제○조 (종료의 효과) 본 계약이 종료되면 을은 즉시 허락 대상 기술의 실시를 중단하고 갑으로부터 받은 기술자료를 반환 또는 폐기한다. 다만, 종료 당시의 재고는 종료일부터 3개월 동안 판매할 수 있으며 이에 대한 실시료를 지급한다.',
      en: 'Effect of Termination. On termination the Licensee shall cease all use of the Licensed Technology and return or destroy all materials, except that it may sell off existing stock for three (3) months, subject to royalties.',
    },
    examples: {
      ko: ['계약이 종료되면 을은 즉시 본 특허의 실시를 중단한다.', '계약 종료 후 을은 3개월 동안 잔여 재고를 판매할 수 있다.'],
      en: ['Upon termination, the Licensee shall cease all use of the Licensed Technology.', 'Following expiration, Licensee may sell off remaining inventory for ninety days.'],
    },
    legalBasis: [],
    rule: {
      kind: 'present',
      labels: ['TERMINATION', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:종료|해지|만료)[^.]{0,100}?(?:사용|실시|이용|판매|제조)(?:를|을)?\s*(?:즉시\s*)?(?:중단|중지)`,
          String.raw`(?:종료|해지|만료)[^.]{0,100}?(?:재고|잔여\s*제품)[^.]{0,60}?(?:판매|처분)`,
          String.raw`(?:종료|해지|만료)[^.]{0,100}?(?:반환|폐기)`,
        ],
        en: [
          String.raw`\b(?:upon|after|following|on)\s+(?:the\s+)?(?:termination|expiration|expiry)\b[^.]{0,150}\b(?:cease|discontinue|return|destroy|sell\s+off|sell-off)`,
          String.raw`\bsell-?off\s+period\b`,
        ],
      },
    },
  },
  {
    code: 'LICENSE.LIABILITY_CAP',
    contractType: 'LICENSE',
    label: 'LIABILITY',
    protects: 'PARTY_A',
    risk: 'MEDIUM',
    question: { ko: '허락권자의 손해배상책임에 한도가 있습니까?', en: 'Is the licensor\'s liability capped?' },
    metWhen: { ko: '고의·중과실을 제외하고 허락권자의 배상 총액을 받은 실시료 등 일정 금액으로 제한합니다.', en: 'Except for intent or gross negligence, the licensor\'s total liability is limited, e.g. to the royalties received.' },
    rationale: {
      ko: '허락권자는 실시료에 비해 사용권자의 사업 손해(민법 제393조) 전체를 부담할 위험이 있습니다. 약관이라면 고의·중과실 책임 배제는 무효이므로(약관규제법 제7조) 이를 제외하고 한도를 둡니다.',
      en: 'The licensor risks liability for the licensee\'s whole business loss (Civil Act Art. 393) out of proportion to the royalties; in standard terms intent and gross negligence cannot be excluded (Act on the Regulation of Terms and Conditions, Art. 7).',
    },
    standardClause: {
      ko: '제○조 (책임의 제한) 본 계약과 관련한 갑의 손해배상 총액은 갑의 고의 또는 중대한 과실로 인한 경우를 제외하고 손해 발생 직전 12개월 동안 을이 지급한 실시료 총액을 한도로 한다.',
      en: 'Limitation of Liability. Except for wilful misconduct or gross negligence, the Licensor\'s aggregate liability shall not exceed the royalties paid in the twelve (12) months before the claim.',
    },
    examples: {
      ko: ['갑의 손해배상 총액은 을이 지급한 실시료 총액을 한도로 한다.', '허락권자의 배상책임은 고의 또는 중과실의 경우를 제외하고 실시료를 초과하지 아니한다.'],
      en: ['The Licensor\'s aggregate liability shall not exceed the royalties received.', 'In no event shall Licensor\'s liability exceed USD 100,000.'],
    },
    legalBasis: [law(LAW.civil, '제393조'), law(LAW.standardTerms, '제7조')],
    rule: { kind: 'present', labels: ['LIABILITY', 'INDEMNIFICATION', 'OTHER'], patterns: LIABILITY_CAP },
  },
];
