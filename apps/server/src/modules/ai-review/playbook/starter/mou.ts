import type { PlaybookCheckpoint } from '../playbook.types';
import { LAW, law } from './common';

/** 양해각서 (MOU): both sides alike; every checkpoint protects BOTH. */
export const MOU_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'MOU.NON_BINDING',
    contractType: 'MOU',
    label: 'OTHER',
    protects: 'BOTH',
    risk: 'HIGH',
    question: { ko: '명시한 조항을 제외하고 법적 구속력이 없다고 정합니까?', en: 'Does it state that it is not legally binding except named clauses?' },
    metWhen: { ko: '양해각서가 법적 구속력을 갖지 않으며, 비밀유지 등 명시한 조항만 구속력이 있다고 정합니다.', en: 'The MOU states it is not legally binding, except for named clauses such as confidentiality.' },
    rationale: {
      ko: '구속력 여부를 밝히지 않으면 내용이 구체적일수록 본계약 체결 의무나 손해배상책임을 주장당할 위험이 커집니다. 법적 효과는 당사자의 의사에 따르므로(민법 제105조) 그 의사를 문서에 명확히 남겨야 합니다.',
      en: 'If silent, the more specific the MOU, the greater the risk of claims that it obliges the parties to sign or to pay damages. Legal effect follows the parties\' intent (Civil Act Art. 105), so the intent must be written down.',
    },
    standardClause: {
      ko: '제○조 (법적 구속력) 본 양해각서는 당사자 간 협력의 기본 방향을 확인하기 위한 것으로 법적 구속력을 갖지 아니한다. 다만, 제○조(비밀유지), 제○조(비용) 및 제○조(준거법 및 관할)는 당사자를 구속한다.',
      en: 'Non-Binding Effect. This MOU records the parties\' intentions and is not legally binding, except for the clauses on confidentiality, costs and governing law, which bind the parties.',
    },
    examples: {
      ko: ['본 양해각서는 법적 구속력을 갖지 아니한다. 다만, 제5조는 당사자를 구속한다.', '이 양해각서는 당사자 간 구속력이 없는 협력 의사를 확인하는 것이다.'],
      en: ['This MOU is not legally binding, except for Sections 5 and 6.', 'This Memorandum is non-binding and creates no legal obligations, except as stated in Section 7.'],
    },
    legalBasis: [law(LAW.civil, '제105조')],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`법적\s*(?:구속력|효력)(?:을|이)?\s*(?:갖지|가지지|없|발생하지|지니지)`, String.raw`구속력(?:이|을)?\s*(?:없|갖지|가지지)`],
        en: [String.raw`\b(?:not|non-?)\s*(?:legally\s+)?binding\b`, String.raw`\bno\s+(?:legally\s+)?binding\s+(?:obligations?|effect)\b`],
      },
    },
  },
  {
    code: 'MOU.BINDING_CONFIDENTIALITY',
    contractType: 'MOU',
    label: 'CONFIDENTIALITY',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '구속력이 없는 양해각서에서도 비밀유지 조항은 구속력이 있습니까?', en: 'Does confidentiality bind despite the non-binding nature?' },
    metWhen: { ko: '비밀유지 조항은 양해각서의 다른 조항과 달리 법적 구속력을 가진다고 정합니다.', en: 'The confidentiality clause is stated to be legally binding even though the rest is not.' },
    rationale: {
      ko: '협의 과정에서 영업비밀이 오가므로, 비밀유지까지 구속력이 없다면 유출에 대해 계약상 책임을 물을 수 없고 영업비밀 보호(부정경쟁방지법 제2조)의 비밀관리 근거도 약해집니다.',
      en: 'Trade secrets change hands during talks; if confidentiality is non-binding too there is no contractual remedy for leaks and the case that the information was kept secret weakens (Unfair Competition Prevention Act, Art. 2).',
    },
    standardClause: {
      ko: '제○조 (비밀유지) 각 당사자는 본 양해각서와 관련하여 알게 된 상대방의 정보를 비밀로 유지하며, 이 조는 본 양해각서의 법적 구속력 유무와 관계없이 당사자를 구속한다.',
      en: 'Confidentiality. Each party shall keep the other\'s information confidential. This clause is legally binding notwithstanding the non-binding nature of the rest of this MOU.',
    },
    examples: {
      ko: ['제6조(비밀유지)는 법적 구속력을 가진다.', '비밀유지 의무는 본 양해각서의 다른 조항과 달리 당사자에게 구속력이 있다.'],
      en: ['The confidentiality obligations in Section 6 shall be legally binding.', 'Section 5 (Confidentiality) is binding on the parties.'],
    },
    legalBasis: [law(LAW.unfairCompetition, '제2조')],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`(?:비밀\s*유지|기밀\s*유지)[^.]{0,80}?(?:구속력|효력)(?:을|이)?\s*(?:가진|갖는|가지며|있|발생|유지)`],
        en: [
          String.raw`\bconfidential\w*\b[^.]{0,150}\b(?:shall\s+be|are|is|remain)\s+(?:legally\s+)?binding\b`,
          String.raw`\b(?:shall\s+be|are|is|remain)\s+(?:legally\s+)?binding\b[^.]{0,150}\bconfidential\w*`,
        ],
      },
    },
  },
  {
    code: 'MOU.TERM_EXPIRY',
    contractType: 'MOU',
    label: 'TERM',
    protects: 'BOTH',
    risk: 'MEDIUM',
    question: { ko: '유효기간 또는 만료일이 정해져 있습니까?', en: 'Is a term or expiry date stated?' },
    metWhen: { ko: '양해각서의 유효기간(예: 체결일부터 1년) 또는 본계약 체결 시 종료됨을 정합니다.', en: 'The MOU runs for a stated term (e.g. one year from signing) or ends when a definitive agreement is signed.' },
    rationale: {
      ko: '기간이 없으면 협상이 무산된 뒤에도 비밀유지·배타적 협상 등 일부 의무가 언제까지 남는지 불분명해집니다.',
      en: 'Without a term it is unclear how long surviving duties such as confidentiality last after the talks fail.',
    },
    standardClause: {
      ko: '제○조 (유효기간) 본 양해각서의 유효기간은 체결일부터 1년으로 하며, 그 전에 당사자가 본계약을 체결하면 본계약 체결일에 종료한다.',
      en: 'Term. This MOU remains in effect for one (1) year from signing and ends earlier when the parties sign a definitive agreement.',
    },
    examples: {
      ko: ['본 양해각서의 유효기간은 체결일부터 1년으로 한다.', '이 양해각서는 서명일로부터 6개월간 효력을 가진다.'],
      en: ['This MOU shall remain in effect for 12 months from the date of signing.', 'This Memorandum expires on December 31, 2026.'],
    },
    legalBasis: [],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`(?:유효\s*기간|존속\s*기간|기간)[^.]{0,40}?(?:\d+\s*(?:년|개월)|\d{4}\s*[년.\-]\s*\d{1,2})`, String.raw`(?:서명일|체결일)[^.]{0,20}?(?:부터|로부터)\s*\(?\d+\)?\s*(?:년|개월)`],
        en: [
          String.raw`\b(?:term|expire\w*|remain\s+in\s+(?:full\s+)?(?:force|effect)|valid)\b[^.]{0,80}?\(?\d+\)?\s+(?:years?|months?)`,
          String.raw`\b(?:expire\w*|until|through)\b[^.]{0,40}\b(?:\d{4}|January|February|March|April|May|June|July|August|September|October|November|December)\b`,
        ],
      },
    },
  },
  {
    code: 'MOU.OWN_COSTS',
    contractType: 'MOU',
    label: 'PAYMENT',
    protects: 'BOTH',
    risk: 'LOW',
    question: { ko: '각 당사자가 자기 비용을 부담합니까?', en: 'Does each party bear its own costs?' },
    metWhen: { ko: '양해각서의 체결·이행과 협상에 드는 비용은 각자 부담한다고 정합니다.', en: 'Each party bears its own costs of negotiating and performing the MOU.' },
    rationale: {
      ko: '비용 부담을 정하지 않으면 협상이 결렬된 후 실사·자문 비용의 분담을 두고 다툼이 생길 수 있습니다.',
      en: 'Without it, the costs of due diligence and advisers can become a dispute once talks fail.',
    },
    standardClause: {
      ko: '제○조 (비용) 본 양해각서의 체결 및 이행과 관련하여 각 당사자에게 발생하는 비용은 각자 부담한다.',
      en: 'Costs. Each party shall bear its own costs and expenses in connection with this MOU.',
    },
    examples: {
      ko: ['본 양해각서와 관련하여 발생하는 비용은 각자 부담한다.', '각 당사자는 협의 과정에서 소요되는 자신의 비용을 부담한다.'],
      en: ['Each party shall bear its own costs and expenses.', 'The parties will each be responsible for their own expenses.'],
    },
    legalBasis: [],
    rule: {
      kind: 'present',
      labels: [],
      patterns: {
        ko: [String.raw`(?:각자|각\s*당사자)[^.]{0,40}?비용[^.]{0,20}?부담`, String.raw`비용(?:은|는)?\s*(?:각자|각\s*당사자)[^.]{0,10}?부담`],
        en: [String.raw`\beach\s+(?:party|be)\b[^.]{0,40}\bown\s+(?:costs|expenses)\b`, String.raw`\b(?:each|their|its)\s+own\s+(?:costs|expenses)\b`],
      },
    },
  },
  {
    code: 'MOU.NO_EXCLUSIVITY',
    contractType: 'MOU',
    label: 'OTHER',
    protects: 'BOTH',
    risk: 'LOW',
    question: { ko: '합의하지 않은 독점·배타적 협상 의무가 없습니까?', en: 'Is there no exclusivity unless agreed (no exclusivity obligations)?' },
    metWhen: { ko: '독점 또는 제3자와의 협상 금지 의무를 두지 않거나, 비독점임을 밝힙니다.', en: 'There is no exclusivity or no-shop obligation, or the MOU says it is non-exclusive.' },
    rationale: {
      ko: '구속력 없는 문서에 배타적 협상 의무가 섞여 있으면 그 조항만 구속력이 인정되어 다른 거래 기회를 잃을 수 있습니다. 필요하면 기간과 범위를 정한 별도 조항으로 합의해야 합니다.',
      en: 'An exclusivity or no-shop duty hidden in a non-binding MOU may still be enforced, costing other opportunities; if wanted it should be agreed expressly with a time limit.',
    },
    standardClause: {
      ko: '제○조 (비독점) 본 양해각서는 어느 당사자에게도 독점적 권리를 부여하지 아니하며, 각 당사자는 제3자와 자유롭게 협의하거나 거래할 수 있다.',
      en: 'No Exclusivity. This MOU grants no exclusive rights, and each party remains free to discuss or do business with third parties.',
    },
    examples: {
      ko: ['각 당사자는 제3자와 자유롭게 협의하거나 거래할 수 있다.', '본 양해각서는 어느 당사자에게도 독점적 권리를 부여하지 아니한다.'],
      en: ['This MOU is non-exclusive, and each party may work with third parties.', 'Nothing in this MOU creates any exclusivity.'],
    },
    legalBasis: [],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [String.raw`독점(?:적|권)`, String.raw`배타적`, String.raw`(?:제3자|다른\s*(?:업체|회사|자))[^.]{0,60}?(?:협상|협의|교섭|계약|거래)[^.]{0,30}?(?:하여서는|하지)\s*(?:아니|않|못)`],
        en: [String.raw`\bexclusiv\w*`, String.raw`\bshall\s+not\b[^.]{0,60}\b(?:negotiat\w*|discuss\w*|enter\s+into)\b[^.]{0,60}\bthird\s+part`],
      },
      unless: {
        ko: [String.raw`(?:독점|배타)(?:적|권)[^.]{0,40}?(?:아니|않|없)`, String.raw`비\s*독점`],
        en: [String.raw`\bnon-?exclusive\b`, String.raw`\bnothing\b[^.]{0,80}\bexclusiv\w*`, String.raw`\bno\s+exclusiv\w*`],
      },
    },
  },
];
