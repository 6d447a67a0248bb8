import type { ReviewContractType } from '@legal/api';

/** Questions users ask about a contract of each type (GET review-chat/question-examples/v1). */
export const QUESTION_EXAMPLES: Record<ReviewContractType, { ko: string[]; en: string[] }> = {
  NDA: {
    ko: [
      '비밀유지의무는 계약 종료 후 언제까지 지켜야 하나요?',
      '비밀정보에서 제외되는 정보가 정해져 있나요?',
      '위반하면 위약금이나 위약벌을 내야 하나요?',
      '법원이나 수사기관이 자료를 요구하면 제출해도 되나요?',
      '계약이 끝나면 받은 자료를 반환해야 하나요, 폐기해도 되나요?',
    ],
    en: [
      'How long does the confidentiality obligation last after the agreement ends?',
      'Which information is excluded from confidential information?',
      'Is there a penalty or liquidated damages for a breach?',
      'May we disclose information if a court or regulator requires it?',
      'Do we have to return or destroy the materials at the end?',
    ],
  },
  SERVICE: {
    ko: [
      '대금은 언제까지 지급받을 수 있나요?',
      '발주자가 마음대로 계약을 해지할 수 있나요?',
      '손해배상책임에 한도가 있나요?',
      '산출물의 저작권은 누구에게 귀속되나요?',
      '검수 기한이 지나면 자동으로 합격 처리되나요?',
    ],
    en: [
      'When will we be paid?',
      'Can the client terminate the contract at will?',
      'Is our liability capped?',
      'Who owns the copyright in the deliverables?',
      'Are deliverables deemed accepted after the acceptance period?',
    ],
  },
  SUPPLY: {
    ko: [
      '납품 후 검사는 며칠 안에 해야 하나요?',
      '하자보증기간은 얼마인가요?',
      '납기를 지키지 못하면 지체상금은 얼마나 되나요?',
      '매수인이 단가를 일방적으로 바꿀 수 있나요?',
      '운송 중 물품이 파손되면 누가 책임지나요?',
    ],
    en: [
      'How many days does the buyer have to inspect the goods?',
      'How long is the warranty period?',
      'How much are the delay damages if we deliver late?',
      'Can the buyer change the price unilaterally?',
      'Who bears the risk if the goods are damaged in transit?',
    ],
  },
  LICENSE: {
    ko: [
      '독점 라이선스인가요, 비독점 라이선스인가요?',
      '로열티는 어떻게 계산하고 언제 지급하나요?',
      '제3자가 특허 침해를 주장하면 누가 대응하나요?',
      '재실시권을 허락하려면 동의가 필요한가요?',
      '계약이 끝나면 남은 재고를 팔 수 있나요?',
    ],
    en: [
      'Is the licence exclusive or non-exclusive?',
      'How are royalties calculated and when are they due?',
      'Who defends us if a third party claims infringement?',
      'Do we need consent to grant a sublicence?',
      'Can we sell remaining stock after termination?',
    ],
  },
  EMPLOYMENT: {
    ko: [
      '소정근로시간이 법정 한도를 넘지 않나요?',
      '퇴사하면 위약금을 내야 하는 조항이 있나요?',
      '경업금지 기간은 얼마나 되나요?',
      '수습기간은 몇 개월인가요?',
      '해고 예고는 며칠 전에 해야 하나요?',
    ],
    en: [
      'Do the working hours exceed the legal limit?',
      'Is there a penalty if the employee resigns early?',
      'How long is the non-compete period?',
      'How long is the probation period?',
      'How much notice is required for dismissal?',
    ],
  },
  LEASE: {
    ko: [
      '보증금은 언제 돌려받을 수 있나요?',
      '임대인이 차임을 얼마까지 올릴 수 있나요?',
      '계약갱신을 요구할 수 있나요?',
      '원상복구는 어디까지 해야 하나요?',
      '월세를 몇 번 연체하면 계약이 해지되나요?',
    ],
    en: [
      'When will the deposit be returned?',
      'How much can the landlord raise the rent?',
      'Can the tenant request a renewal?',
      'How far does the restoration obligation go?',
      'After how many missed rent payments can the landlord terminate?',
    ],
  },
  SUBCONTRACT: {
    ko: [
      '하도급대금은 목적물 수령 후 며칠 안에 받을 수 있나요?',
      '원사업자가 대금을 감액할 수 있는 조항이 있나요?',
      '기술자료 제공을 요구받으면 응해야 하나요?',
      '검사 결과는 언제까지 통지받아야 하나요?',
      '원자재 가격이 오르면 대금 조정을 신청할 수 있나요?',
    ],
    en: [
      'How many days after delivery must the subcontract price be paid?',
      'Can the contractor reduce the agreed price?',
      'Do we have to hand over technical data on request?',
      'By when must the inspection result be notified?',
      'Can we request a price adjustment if material costs rise?',
    ],
  },
  MOU: {
    ko: [
      '이 양해각서에 법적 구속력이 있나요?',
      '비밀유지 조항은 구속력이 있나요?',
      '양해각서의 유효기간은 언제까지인가요?',
      '다른 회사와 협상하면 안 되는 조항이 있나요?',
      '협의 과정의 비용은 누가 부담하나요?',
    ],
    en: [
      'Is this MOU legally binding?',
      'Is the confidentiality clause binding?',
      'When does the MOU expire?',
      'Does it stop us from negotiating with other companies?',
      'Who pays the costs of the discussions?',
    ],
  },
};
