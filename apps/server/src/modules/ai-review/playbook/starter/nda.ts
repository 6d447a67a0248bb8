import type { PlaybookCheckpoint } from '../playbook.types';
import { FORUM, LAW, law } from './common';

/** 비밀유지계약: 갑 = 공개자 (discloser), 을 = 수령자 (recipient). */
export const NDA_CHECKPOINTS: PlaybookCheckpoint[] = [
  {
    code: 'NDA.PURPOSE_LIMITATION',
    contractType: 'NDA',
    label: 'PURPOSE',
    protects: 'PARTY_A',
    risk: 'HIGH',
    question: { ko: '비밀정보의 사용이 계약에서 정한 목적으로 한정되어 있습니까?', en: 'Is the use of the information limited to the stated purpose?' },
    metWhen: {
      ko: '수령자가 비밀정보를 계약에서 정한 목적(예: 거래 검토)을 위해서만 사용하고 그 밖의 용도로는 사용하지 못한다고 정합니다.',
      en: 'The recipient may use the information only for the stated purpose (e.g. evaluating a transaction) and for no other purpose.',
    },
    rationale: {
      ko: '사용 목적이 한정되지 않으면 수령자가 비밀정보를 자기 사업에 쓰더라도 계약 위반을 주장하기 어렵습니다. 목적 외 사용 금지는 영업비밀 보호(부정경쟁방지법 제2조의 비밀관리)의 근거이기도 합니다.',
      en: 'Without a purpose limitation the discloser can hardly claim a breach when the recipient uses the information in its own business. The limitation is also evidence that the information is kept secret as a trade secret (Unfair Competition Prevention Act, Art. 2).',
    },
    standardClause: {
      ko: '제○조 (목적 외 사용금지) 을은 갑으로부터 제공받은 비밀정보를 본 계약 제1조의 목적을 위해서만 사용하여야 하며, 갑의 사전 서면 동의 없이 그 밖의 목적으로 사용하여서는 아니 된다.',
      en: 'Use Restriction. The Recipient shall use the Confidential Information solely for the Purpose and for no other purpose without the Discloser\'s prior written consent.',
    },
    examples: {
      ko: [
        '을은 비밀정보를 본 계약의 목적 이외의 용도로 사용하여서는 아니 된다.',
        '수령자는 제공받은 정보를 양사 간 공동사업 검토 목적을 위해서만 사용한다.',
      ],
      en: [
        'The Recipient shall use the Confidential Information solely for the Purpose.',
        'The Receiving Party shall not use any Confidential Information for any purpose other than evaluating the Transaction.',
      ],
    },
    legalBasis: [law(LAW.unfairCompetition, '제2조')],
    rule: {
      kind: 'present',
      labels: ['PURPOSE', 'CONFIDENTIALITY', 'OTHER'],
      patterns: {
        ko: [
          String.raw`목적\s*(?:이외|외|범위\s*(?:밖|외))의?\s*(?:다른\s*)?(?:용도|목적)?(?:로|으로)?\s*(?:사용|이용)`,
          String.raw`목적(?:을)?\s*위(?:하여|해)서?만\s*(?:사용|이용)`,
          String.raw`(?:사용|이용)\s*(?:목적|용도|범위)(?:은|는|를|을)?[^.]{0,40}?(?:한정|제한)`,
        ],
        en: [
          String.raw`\b(?:solely|only|exclusively)\s+(?:for|in\s+connection\s+with)\s+(?:the\s+)?(?:purpose|permitted\s+purpose|stated\s+purpose|evaluat\w+)`,
          String.raw`\bfor\s+any\s+(?:other\s+)?purpose\s+other\s+than\b`,
          String.raw`\bother\s+than\s+(?:for\s+)?the\s+(?:permitted\s+|stated\s+)?purpose\b`,
        ],
      },
    },
  },
  {
    code: 'NDA.DEFINITION_MARKING',
    contractType: 'NDA',
    label: 'DEFINITIONS',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '비밀정보가 "모든 정보"가 아니라 표시·특정하거나 구체적으로 기술하여 정의되어 있습니까?', en: 'Is confidential information defined (marked, identified or described) rather than as "all information"?' },
    metWhen: {
      ko: '비밀정보를 비밀임이 표시되었거나, 구두로 제공된 경우 일정 기간 내에 서면으로 특정된 정보 등으로 정의합니다.',
      en: 'Confidential information is information marked or identified as confidential, with oral disclosures confirmed in writing within a set time, or otherwise described.',
    },
    rationale: {
      ko: '"공개자가 제공하는 일체의 정보"처럼 정의하면 수령자는 무엇을 보호해야 하는지 알 수 없고, 일반 자료까지 위반 책임의 대상이 됩니다. 표시·특정 요건은 영업비밀의 비밀관리성(부정경쟁방지법 제2조 제2호)과도 맞닿아 있습니다.',
      en: 'A definition such as "all information disclosed" leaves the recipient unable to know what it must protect and exposes it to claims over ordinary material. Marking also mirrors how a trade secret must be kept secret (Unfair Competition Prevention Act, Art. 2(2)).',
    },
    standardClause: {
      ko: '제○조 (비밀정보의 정의) ① 이 계약에서 "비밀정보"란 갑이 을에게 제공하는 정보로서 서면 또는 전자적 형태로 제공되는 경우 "비밀" 또는 "대외비" 등 비밀임을 표시한 정보를 말한다. ② 구두 또는 시각적으로 제공된 정보는 제공 시 비밀임을 고지하고 제공일부터 15일 이내에 그 요지를 서면으로 특정하여 을에게 통지한 경우에 한하여 비밀정보로 본다.',
      en: 'Definition. "Confidential Information" means information disclosed by the Discloser that is marked as "Confidential" when disclosed in writing, or, if disclosed orally or visually, is identified as confidential at the time of disclosure and summarised in writing to the Recipient within fifteen (15) days.',
    },
    examples: {
      ko: [
        '"비밀정보"란 갑이 을에게 제공하는 자료 중 "비밀" 또는 "대외비"로 표시된 정보를 말한다.',
        '구두로 공개된 정보는 공개 후 15일 이내에 그 내용을 서면으로 요약하여 비밀로 특정한 경우에 한하여 비밀정보로 본다.',
      ],
      en: [
        '"Confidential Information" means any information that is marked "Confidential" at the time of disclosure.',
        'Information disclosed orally is Confidential Information only if identified as confidential at disclosure and summarised in writing within fifteen (15) days.',
      ],
    },
    legalBasis: [law(LAW.unfairCompetition, '제2조')],
    rule: {
      kind: 'present',
      labels: ['DEFINITIONS', 'CONFIDENTIALITY', 'PURPOSE'],
      patterns: {
        ko: [
          String.raw`(?:비밀|기밀)\s*(?:임|이라는\s*취지)을?\s*(?:표시|표기|명시|고지)`,
          String.raw`["“'‘]?(?:대외비|비밀|기밀|Confidential)["”'’]?\s*(?:등으로|로|으로|이라고)?\s*(?:표시|표기)`,
          String.raw`(?:비밀|기밀)(?:로|임을)\s*(?:서면으로\s*)?(?:특정|지정|통지)`,
          String.raw`구두로?\s*(?:공개|제공|개시)된?[^.]{0,80}?서면`,
        ],
        en: [
          String.raw`\bmarked\b[^.]{0,40}\bconfidential`,
          String.raw`\b(?:identified|designated)\s+(?:in\s+writing\s+)?as\s+(?:being\s+)?confidential`,
          String.raw`\breasonably\s+(?:should\s+)?(?:be\s+)?understood\s+to\s+be\s+confidential`,
          String.raw`\bdisclosed\s+orally\b[^.]{0,120}\bwriting\b`,
        ],
      },
    },
  },
  {
    code: 'NDA.STANDARD_EXCLUSIONS',
    contractType: 'NDA',
    label: 'CONFIDENTIALITY',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '공지된 정보, 이미 알고 있던 정보, 독자적으로 개발한 정보, 제3자로부터 적법하게 받은 정보가 비밀정보에서 제외됩니까?', en: 'Are the standard exclusions there: public, already known, independently developed, received from a third party?' },
    metWhen: {
      ko: '공지의 정보, 수령 전부터 보유하던 정보, 비밀정보에 의하지 않고 독자적으로 개발한 정보, 비밀유지의무 없는 제3자로부터 적법하게 취득한 정보를 비밀정보에서 제외합니다.',
      en: 'Information that is public, already known to the recipient, independently developed without use of the information, or lawfully received from a third party without a duty of confidence is excluded.',
    },
    rationale: {
      ko: '예외가 없으면 수령자가 이미 알던 정보나 스스로 개발한 기술까지 비밀유지의무에 묶여 자기 사업이 제한되고 분쟁 시 독자 개발을 입증할 길이 막힙니다. 영업비밀은 공연히 알려지지 아니한 정보에 한하여 보호됩니다(부정경쟁방지법 제2조 제2호).',
      en: 'Without exclusions the recipient is bound even as to what it already knew or developed itself, which restricts its own business. Trade secret protection only covers information not publicly known (Unfair Competition Prevention Act, Art. 2(2)).',
    },
    standardClause: {
      ko: '제○조 (비밀정보의 예외) 다음 각 호의 정보는 비밀정보에 포함되지 아니한다. 1. 제공 당시 이미 공지되었거나 을의 귀책사유 없이 공지된 정보 2. 제공 전에 을이 이미 적법하게 보유하고 있던 정보 3. 비밀유지의무를 부담하지 않는 제3자로부터 적법하게 취득한 정보 4. 비밀정보를 이용하지 아니하고 을이 독자적으로 개발한 정보',
      en: 'Exclusions. Confidential Information does not include information that (a) is or becomes publicly available through no fault of the Recipient; (b) was already known to the Recipient before disclosure; (c) is lawfully received from a third party without a duty of confidentiality; or (d) is independently developed by the Recipient without use of the Confidential Information.',
    },
    examples: {
      ko: [
        '다만, 공지된 정보, 을이 이미 알고 있던 정보, 제3자로부터 적법하게 취득한 정보 및 을이 독자적으로 개발한 정보는 비밀정보에서 제외한다.',
        '수령자가 비밀정보를 이용하지 아니하고 독립적으로 개발한 정보는 비밀정보로 보지 아니한다.',
      ],
      en: [
        'Confidential Information excludes information that is publicly available, already known to the Recipient, lawfully obtained from a third party, or independently developed by the Recipient.',
        'The obligations do not apply to information independently developed by the Receiving Party without reference to the Confidential Information.',
      ],
    },
    legalBasis: [law(LAW.unfairCompetition, '제2조')],
    rule: {
      kind: 'present',
      labels: ['CONFIDENTIALITY', 'DEFINITIONS', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:독자적|독립적)(?:으로)?\s*(?:개발|취득|창작)`,
          String.raw`(?:공지|공개)된\s*정보[^.]{0,200}?(?:이미|적법하게)`,
        ],
        en: [
          String.raw`\bindependently\s+(?:developed|created|derived)\b`,
          String.raw`\bpublicly\s+(?:available|known)\b[^.]{0,300}?\b(?:already\s+known|lawfully\s+(?:obtained|received))`,
        ],
      },
    },
  },
  {
    code: 'NDA.COMPELLED_DISCLOSURE',
    contractType: 'NDA',
    label: 'CONFIDENTIALITY',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '법령·법원·관계기관의 요구에 따른 공개가 공개자에 대한 통지를 조건으로 허용됩니까?', en: 'Is disclosure required by law, a court or an authority allowed, with notice to the discloser?' },
    metWhen: {
      ko: '법령, 법원의 명령 또는 관계기관의 요구로 공개해야 하는 경우 공개자에게 지체 없이 통지하고 필요한 범위에서 공개할 수 있다고 정합니다.',
      en: 'The recipient may disclose what law, a court order or an authority requires, to the extent required, after promptly notifying the discloser.',
    },
    rationale: {
      ko: '이 예외가 없으면 수령자는 법원의 제출명령이나 수사기관의 요구에 따르는 것만으로 계약 위반이 됩니다. 통지 의무를 두면 공개자도 보호명령 신청 등 대응할 기회를 얻습니다.',
      en: 'Without it the recipient breaches the agreement merely by obeying a court order or an authority. The notice duty gives the discloser the chance to seek a protective order.',
    },
    standardClause: {
      ko: '제○조 (법령에 따른 공개) 을이 법령, 법원의 명령 또는 정부기관의 요구에 따라 비밀정보를 공개하여야 하는 경우 을은 공개 전에 지체 없이 갑에게 그 사실을 서면으로 통지하고, 요구된 범위에서만 공개할 수 있다.',
      en: 'Compelled Disclosure. If the Recipient is required by law, court order or a governmental authority to disclose Confidential Information, it may do so to the extent required, provided it first gives the Discloser prompt written notice where legally permitted.',
    },
    examples: {
      ko: [
        '을이 법령 또는 법원의 명령에 따라 비밀정보의 공개를 요구받은 경우 갑에게 즉시 통지한 후 요구된 범위에서 공개할 수 있다.',
        '수사기관 또는 감독기관의 적법한 요청에 따라 제공하는 경우에는 사전에 공개자에게 알려야 한다.',
      ],
      en: [
        'The Recipient may disclose Confidential Information to the extent required by law or court order, after giving the Discloser prompt notice.',
        'If disclosure is compelled by a governmental authority, the Receiving Party shall notify the Disclosing Party before disclosing.',
      ],
    },
    legalBasis: [],
    rule: {
      kind: 'present',
      labels: ['CONFIDENTIALITY', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:법령|법률|법원|수사\s*기관|정부\s*기관|관계\s*기관|감독\s*기관|행정\s*기관)[^.]{0,60}?(?:요구|명령|요청|따라)[^.]{0,80}?(?:공개|제공|개시)`,
        ],
        en: [
          String.raw`\b(?:required|compelled|requested)\b[^.]{0,40}\bby\s+(?:applicable\s+)?(?:law|regulation|a\s+court|any\s+court|court\s+order|(?:a\s+|any\s+)?governmental)`,
          String.raw`\b(?:court|government\w*|regulatory)\s+(?:order|authority|body)\b[^.]{0,80}\bdisclos\w*`,
        ],
      },
    },
  },
  {
    code: 'NDA.OBLIGATION_SURVIVAL',
    contractType: 'NDA',
    label: 'TERM',
    protects: 'PARTY_A',
    risk: 'MEDIUM',
    question: { ko: '비밀유지의무가 계약 종료 후에도 일정 기간 존속합니까?', en: 'Do the obligations survive the end of the agreement for a stated period?' },
    metWhen: {
      ko: '비밀유지의무가 계약 종료 또는 만료 후에도 정해진 기간(예: 3년) 동안 존속한다고 정합니다.',
      en: 'The confidentiality obligations continue for a stated period (e.g. three years) after the agreement ends.',
    },
    rationale: {
      ko: '존속 조항이 없으면 계약기간이 끝나는 즉시 비밀유지의무도 소멸한다고 다툴 여지가 생겨, 공개자는 가장 필요할 때 보호를 잃습니다.',
      en: 'Without a survival clause the recipient can argue that the duty ended with the agreement, leaving the discloser unprotected when it matters most.',
    },
    standardClause: {
      ko: '제○조 (의무의 존속) 을의 비밀유지의무는 본 계약이 종료 또는 해지된 후에도 3년간 존속한다.',
      en: 'Survival. The Recipient\'s obligations under this Agreement survive its termination or expiry for three (3) years.',
    },
    examples: {
      ko: ['본 계약에 따른 비밀유지의무는 계약 종료 후 3년간 존속한다.', '이 계약이 만료된 후에도 제5조의 의무는 2년 동안 효력을 유지한다.'],
      en: [
        'The obligations of confidentiality shall survive termination of this Agreement for three (3) years.',
        'The Recipient\'s duties continue for a period of 2 years following the expiration of this Agreement.',
      ],
    },
    legalBasis: [],
    rule: {
      kind: 'present',
      labels: ['TERM', 'CONFIDENTIALITY', 'TERMINATION', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:종료|만료|해지)(?:된)?\s*(?:후|이후|된\s*후)(?:에도)?\s*(?:[일이삼사오육칠팔구십]+\s*)?\(?\d+\)?\s*(?:년|개월)\s*(?:간|동안)`,
          String.raw`(?:종료|만료|해지)[^.]{0,40}?(?:후에도|이후에도)[^.]{0,60}?(?:유효|존속|효력)`,
        ],
        en: [
          String.raw`\bsurviv\w*\b[^.]{0,80}\b(?:termination|expiration|expiry)\b`,
          String.raw`\bfor\s+(?:a\s+period\s+of\s+)?(?:[a-z]+\s+)?\(?\d+\)?\s+years?\s+(?:after|following|from)\s+(?:the\s+)?(?:termination|expiration|expiry|disclosure)`,
        ],
      },
    },
  },
  {
    code: 'NDA.NO_PERPETUAL_OBLIGATION',
    contractType: 'NDA',
    label: 'TERM',
    protects: 'PARTY_B',
    risk: 'MEDIUM',
    question: { ko: '비밀유지의무가 영구적이거나 기간의 제한이 없는 것은 아닙니까?', en: 'Is the obligation free of a perpetual or unlimited duration?' },
    metWhen: {
      ko: '비밀유지의무에 종기가 있습니다("영구히", "기간의 제한 없이" 같은 표현이 없습니다). 영업비밀에 한하여 그 지위가 유지되는 동안 보호하는 것은 허용됩니다.',
      en: 'The obligation ends at a stated time (no "perpetual" or "indefinitely"); keeping trade secrets confidential for as long as they remain trade secrets is acceptable.',
    },
    rationale: {
      ko: '기간 제한 없는 의무는 수령자가 정보 관리 비용을 무기한 부담하게 하고, 시간이 지나 가치를 잃은 정보에 대해서도 책임을 지게 합니다. 현저히 불공정한 기간은 민법 제103조·제104조 및 약관이라면 약관규제법 제6조에 따라 다투어질 수 있습니다.',
      en: 'An unlimited duty makes the recipient carry the cost of protection forever, even for information that has lost its value. Grossly unfair terms can be challenged under Civil Act Arts. 103-104 and, in standard terms, Art. 6 of the Act on the Regulation of Terms and Conditions.',
    },
    standardClause: {
      ko: '제○조 (비밀유지기간) 을의 비밀유지의무는 비밀정보를 제공받은 날부터 3년간 존속한다. 다만, 부정경쟁방지 및 영업비밀보호에 관한 법률상 영업비밀에 해당하는 정보는 영업비밀에 해당하는 동안 보호한다.',
      en: 'Duration. The Recipient\'s obligations last three (3) years from each disclosure, except that trade secrets remain protected for as long as they qualify as trade secrets under applicable law.',
    },
    examples: {
      ko: ['비밀유지의무는 본 계약 종료 후 3년간 존속한다.', '을의 의무는 비밀정보를 제공받은 날부터 5년이 지나면 소멸한다.'],
      en: [
        'The confidentiality obligations expire three (3) years after the date of disclosure.',
        'The Recipient\'s obligations survive for two (2) years after termination, and for trade secrets for as long as they remain trade secrets.',
      ],
    },
    legalBasis: [law(LAW.civil, '제103조'), law(LAW.civil, '제104조'), law(LAW.standardTerms, '제6조')],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [String.raw`영구(?:히|적으로|적인)`, String.raw`기간의\s*(?:제한|정함|한정)\s*(?:이\s*)?없이`, String.raw`무기한(?:으로)?`, String.raw`기한의?\s*제한\s*없이`],
        en: [
          String.raw`\bperpetual(?:ly)?\b`,
          String.raw`\bindefinite(?:ly)?\b`,
          String.raw`\bin\s+perpetuity\b`,
          String.raw`\bwithout\s+(?:any\s+)?(?:time\s+)?limit(?:ation)?\s+(?:in|as\s+to)\s+(?:time|duration)`,
        ],
      },
      unless: { ko: [String.raw`영업\s*비밀(?:에\s*해당|인|으로서)`], en: [String.raw`\btrade\s+secrets?\b`] },
    },
  },
  {
    code: 'NDA.RETURN_OR_DESTROY',
    contractType: 'NDA',
    label: 'TERMINATION',
    protects: 'PARTY_A',
    risk: 'MEDIUM',
    question: { ko: '요청 시 또는 계약 종료 시 비밀정보를 반환하거나 폐기합니까?', en: 'Is the information returned or destroyed on request or at the end?' },
    metWhen: {
      ko: '공개자의 요청이 있거나 계약이 종료되면 수령자가 비밀정보와 그 사본을 반환하거나 폐기하고, 요청 시 폐기 사실을 확인해 줍니다.',
      en: 'On request or when the agreement ends the recipient returns or destroys the information and its copies and, on request, certifies it.',
    },
    rationale: {
      ko: '반환·폐기 의무가 없으면 계약이 끝난 뒤에도 비밀정보가 상대방에게 남아 유출 위험이 계속되고, 비밀관리성(부정경쟁방지법 제2조)을 다투는 근거가 됩니다.',
      en: 'Without it the information stays with the recipient after the relationship ends, prolonging the risk of leakage and weakening the case that it was kept secret (Unfair Competition Prevention Act, Art. 2).',
    },
    standardClause: {
      ko: '제○조 (비밀정보의 반환) 을은 갑의 요청이 있거나 본 계약이 종료된 경우 지체 없이 비밀정보와 그 사본 일체를 갑에게 반환하거나 폐기하고, 갑이 요청하면 폐기 사실을 확인하는 서면을 교부한다.',
      en: 'Return or Destruction. On the Discloser\'s request or on termination, the Recipient shall promptly return or destroy all Confidential Information and copies and, on request, certify the destruction in writing.',
    },
    examples: {
      ko: ['을은 갑의 요청이 있는 경우 즉시 비밀정보를 반환하거나 폐기하여야 한다.', '계약이 종료되면 수령자는 모든 자료와 사본을 반납하고 전자 파일은 삭제한다.'],
      en: [
        'Upon request, the Recipient shall promptly return or destroy all Confidential Information.',
        'On termination the Receiving Party will destroy, or at the Discloser\'s option return, all copies.',
      ],
    },
    legalBasis: [law(LAW.unfairCompetition, '제2조')],
    rule: {
      kind: 'present',
      labels: ['TERMINATION', 'CONFIDENTIALITY', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:반환|반납)(?:하거나|하고|\s*또는|\s*혹은|\s*및)?[^.]{0,30}?(?:폐기|파기|삭제)`,
          String.raw`(?:폐기|파기)(?:하거나|\s*또는|\s*혹은)[^.]{0,20}?(?:반환|반납)`,
        ],
        en: [String.raw`\breturn\b[^.]{0,60}\b(?:or|and)\s+(?:\w+\s+){0,3}?destr\w+`, String.raw`\bdestroy\b[^.]{0,60}\b(?:or|and)\b[^.]{0,40}\breturn`],
      },
    },
  },
  {
    code: 'NDA.NO_LICENSE',
    contractType: 'NDA',
    label: 'IP',
    protects: 'PARTY_A',
    risk: 'LOW',
    question: { ko: '정보의 제공으로 어떠한 권리나 라이선스도 부여되지 않는다고 정합니까?', en: 'Does it say that no licence or right in the information is granted by disclosure?' },
    metWhen: {
      ko: '비밀정보의 제공이 특허권, 저작권 등 어떠한 권리의 이전이나 실시권·사용권의 허락으로 해석되지 않는다고 정합니다.',
      en: 'Disclosure grants no licence or other right under patents, copyright or other rights in the information.',
    },
    rationale: {
      ko: '명시가 없으면 수령자가 묵시적 이용허락을 주장할 여지가 남습니다. 저작물과 특허의 이용은 권리자의 허락 범위에서만 가능하므로(저작권법 제46조) 권리가 유보됨을 분명히 합니다.',
      en: 'Without it the recipient may argue an implied licence. Use of a work is only lawful within the licence given (Copyright Act, Art. 46), so the reservation of rights should be express.',
    },
    standardClause: {
      ko: '제○조 (권리의 유보) 비밀정보에 관한 모든 권리는 갑에게 있으며, 본 계약에 따른 비밀정보의 제공은 을에게 특허권, 저작권, 그 밖의 지식재산권에 관한 어떠한 권리나 실시권을 부여하는 것으로 해석되지 아니한다.',
      en: 'No Licence. All rights in the Confidential Information remain with the Discloser. No licence or other right under any patent, copyright or other intellectual property right is granted or implied by disclosure.',
    },
    examples: {
      ko: [
        '본 계약에 따른 정보의 제공은 을에게 어떠한 권리나 실시권을 부여하는 것으로 해석되지 아니한다.',
        '비밀정보의 제공으로 인하여 수령자에게 일체의 라이선스가 허락되지 않는다.',
      ],
      en: [
        'No license or right is granted to the Recipient by disclosure of the Confidential Information.',
        'Nothing in this Agreement grants the Recipient any right or licence in the Confidential Information.',
      ],
    },
    legalBasis: [law(LAW.copyright, '제46조')],
    rule: {
      kind: 'present',
      labels: ['IP', 'CONFIDENTIALITY', 'OTHER'],
      patterns: {
        ko: [
          String.raw`(?:라이선스|라이센스|실시권|사용권|이용권|권리)[^.]{0,30}?(?:부여|허락|이전|양도)(?:하는\s*것으로|되는\s*것으로)?\s*(?:해석되지|간주되지|보지)\s*(?:아니|않)`,
          String.raw`(?:어떠한|일체의|어떤)\s*(?:권리|라이선스|라이센스|실시권|사용권)[^.]{0,30}?(?:부여|허락|이전)(?:하지|되지)\s*(?:아니|않)`,
        ],
        en: [
          String.raw`\bno\s+(?:license|licence|right)s?\b[^.]{0,80}\b(?:granted|implied|conveyed)`,
          String.raw`\bnot\s+be\s+(?:construed|deemed)\s+(?:as\s+)?(?:to\s+)?grant\w*\b[^.]{0,60}\b(?:license|licence|right)`,
          String.raw`\bnothing\b[^.]{0,80}\bgrants?\b[^.]{0,60}\b(?:license|licence|right)`,
        ],
      },
    },
  },
  {
    code: 'NDA.NO_EXCESSIVE_PENALTY',
    contractType: 'NDA',
    label: 'LIABILITY',
    protects: 'PARTY_B',
    risk: 'HIGH',
    question: { ko: '위반 시 정액의 위약금, 손해배상액의 예정 또는 위약벌이 없습니까?', en: 'Is there no fixed penalty, liquidated damages or 위약벌 for any breach?' },
    metWhen: {
      ko: '위반 시 실제 발생한 손해를 배상하도록 하고, 위반 건당 정액 위약금이나 위약벌을 정하지 않습니다.',
      en: 'A breach leads to compensation of the actual loss; no fixed sum per breach or penalty is set.',
    },
    rationale: {
      ko: '위약벌은 손해배상액의 예정과 달리 법원이 감액할 수 없어(민법 제398조 제2항은 배상액의 예정에만 적용) 수령자가 실제 손해와 무관한 거액을 부담할 수 있습니다. 배상액의 예정도 과다하면 분쟁이 되며, 약관이라면 부당하게 과중한 손해배상 의무는 무효입니다(약관규제법 제8조).',
      en: 'A penalty (위약벌), unlike liquidated damages, cannot be reduced by the court (Civil Act Art. 398(2) only covers liquidated damages), so the recipient may owe a sum unrelated to any loss. In standard terms an unreasonably heavy damages duty is void (Act on the Regulation of Terms and Conditions, Art. 8).',
    },
    standardClause: {
      ko: '제○조 (손해배상) 을이 본 계약을 위반하여 갑에게 손해가 발생한 경우 을은 갑이 입은 통상의 손해를 배상한다.',
      en: 'Damages. If the Recipient breaches this Agreement it shall compensate the Discloser for the direct loss actually suffered as a result.',
    },
    examples: {
      ko: ['을이 본 계약을 위반한 경우 갑에게 그로 인하여 실제로 발생한 손해를 배상한다.', '당사자는 상대방의 귀책사유로 발생한 통상의 손해에 대하여 배상을 청구할 수 있다.'],
      en: [
        'The Recipient shall compensate the Discloser for the actual loss caused by its breach.',
        'Each party is liable for direct damages resulting from its breach of this Agreement.',
      ],
    },
    legalBasis: [law(LAW.civil, '제398조', 2), law(LAW.civil, '제390조'), law(LAW.standardTerms, '제8조')],
    rule: {
      kind: 'absent',
      labels: [],
      patterns: {
        ko: [
          String.raw`위약벌`,
          String.raw`위약금`,
          String.raw`손해\s*배상\s*(?:액|금)?(?:의|을)?\s*(?:미리\s*)?예정`,
          String.raw`(?:위반|불이행)[^.]{0,60}?(?:금\s*)?[\d,]+\s*(?:억|천만|백만|만)?\s*원[^.]{0,40}?(?:지급|배상)`,
        ],
        en: [
          String.raw`\bliquidated\s+damages\b`,
          String.raw`\bpenalt(?:y|ies)\b`,
          String.raw`\b(?:each|any|per)\s+breach\b[^.]{0,80}(?:USD|KRW|US\$|\$|₩)\s?[\d,]+`,
          String.raw`(?:USD|KRW|US\$|\$|₩)\s?[\d,]+[^.]{0,80}\b(?:for\s+(?:each|any|every)\s+breach|per\s+breach)`,
        ],
      },
      unless: {
        ko: [String.raw`(?:위약금|위약벌|손해\s*배상\s*액)[^.]{0,30}?(?:정하지|예정하지|두지)\s*(?:아니|않)`],
        en: [String.raw`\bno\s+(?:liquidated\s+damages|penalt(?:y|ies))\b`],
      },
    },
  },
  {
    code: 'NDA.INJUNCTIVE_RELIEF',
    contractType: 'NDA',
    label: 'DISPUTE_RESOLUTION',
    protects: 'PARTY_A',
    risk: 'LOW',
    question: { ko: '공개자가 금지청구나 가처분을 구할 수 있다고 정합니까?', en: 'May the discloser seek injunctive relief?' },
    metWhen: {
      ko: '위반 또는 위반 우려가 있으면 공개자가 손해배상과 별도로 침해행위의 금지·예방 청구나 가처분을 신청할 수 있다고 정합니다.',
      en: 'On a breach or threatened breach the discloser may seek an injunction or other interim relief in addition to damages.',
    },
    rationale: {
      ko: '비밀 유출은 금전배상으로 회복하기 어려우므로 신속한 금지청구가 핵심 구제수단입니다. 영업비밀 보유자의 금지청구권(부정경쟁방지법 제10조)과 가처분(민사집행법 제300조)을 계약에서 확인해 두면 다툼이 줄어듭니다.',
      en: 'A leak is hard to undo with money, so a quick injunction is the key remedy. Confirming the trade secret holder\'s right to an injunction (Unfair Competition Prevention Act, Art. 10) and interim relief (Civil Execution Act, Art. 300) avoids argument.',
    },
    standardClause: {
      ko: '제○조 (금지청구) 을이 본 계약을 위반하거나 위반할 우려가 있는 경우 갑은 손해배상 청구와 별도로 법원에 위반행위의 금지 또는 예방을 청구하거나 가처분을 신청할 수 있다.',
      en: 'Injunctive Relief. The Discloser may, in addition to damages, seek an injunction or other equitable relief against any actual or threatened breach.',
    },
    examples: {
      ko: ['갑은 을의 위반행위에 대하여 손해배상과 별도로 가처분을 신청할 수 있다.', '공개자는 수령자의 의무 위반 시 법원에 침해행위의 금지를 청구할 수 있다.'],
      en: [
        'The Discloser shall be entitled to seek injunctive relief for any breach.',
        'In addition to damages, the Disclosing Party may obtain equitable relief, including specific performance.',
      ],
    },
    legalBasis: [law(LAW.unfairCompetition, '제10조', 1), law(LAW.civilExecution, '제300조')],
    rule: {
      kind: 'present',
      labels: ['DISPUTE_RESOLUTION', 'LIABILITY', 'OTHER'],
      patterns: {
        ko: [String.raw`가처분`, String.raw`금지\s*청구`, String.raw`(?:침해|위반)\s*(?:행위)?의?\s*(?:금지|예방|중지)(?:를|을)?\s*(?:청구|구할)`],
        en: [String.raw`\binjunct\w*`, String.raw`\bequitable\s+relief\b`, String.raw`\bspecific\s+performance\b`],
      },
    },
  },
  {
    code: 'NDA.GOVERNING_LAW_FORUM',
    contractType: 'NDA',
    label: 'GOVERNING_LAW',
    protects: 'BOTH',
    risk: 'LOW',
    question: { ko: '준거법과 관할법원 또는 중재가 정해져 있습니까?', en: 'Are the governing law and the competent court or arbitration stated?' },
    metWhen: {
      ko: '대한민국 법을 준거법으로 하고, 분쟁의 관할법원(예: 서울중앙지방법원) 또는 중재기관을 정합니다.',
      en: 'The governing law is stated, together with the competent court or an arbitration body.',
    },
    rationale: {
      ko: '관할을 정하지 않으면 상대방 주소지 법원에서 소송을 해야 할 수 있습니다. 당사자는 합의로 제1심 관할법원을 정할 수 있습니다(민사소송법 제29조).',
      en: 'Without a forum a party may have to sue where the other is based. Parties may agree the court of first instance (Civil Procedure Act, Art. 29).',
    },
    standardClause: {
      ko: '제○조 (준거법 및 관할) ① 본 계약은 대한민국 법에 따라 해석된다. ② 본 계약과 관련된 분쟁은 서울중앙지방법원을 제1심 전속관할법원으로 한다.',
      en: 'Governing Law and Jurisdiction. This Agreement is governed by the laws of the Republic of Korea. The Seoul Central District Court has exclusive jurisdiction over any dispute arising from it.',
    },
    examples: {
      ko: ['본 계약은 대한민국 법을 준거법으로 하며, 분쟁은 서울중앙지방법원을 관할법원으로 한다.', '본 계약에 관한 분쟁은 대한상사중재원의 중재로 최종 해결한다.'],
      en: [
        'This Agreement is governed by the laws of Korea and the courts of Seoul have exclusive jurisdiction.',
        'Any dispute shall be finally settled by arbitration in Seoul.',
      ],
    },
    legalBasis: [law(LAW.civilProcedure, '제29조', 1)],
    rule: {
      kind: 'present',
      labels: ['GOVERNING_LAW', 'DISPUTE_RESOLUTION', 'OTHER'],
      patterns: { ko: [String.raw`준거법`, ...FORUM.ko], en: [String.raw`\bgoverning\s+law\b`, String.raw`\bgoverned\s+by\b`, ...FORUM.en] },
    },
  },
];
