#!/usr/bin/env node
// Builds the starter standard-form library (issue 17):
//   apps/server/src/modules/standard-forms/starter/forms/*.docx
// from the originals in the shared data folder (contracts/ko: CC0 Korean contracts; contracts/docx:
// Common Paper (CC BY 4.0) and Bonterms (CC0) templates). Each form is a COPY of one original in which
// word/document.xml is edited by exact replacements listed below (search text -> marker, `{{key}}`
// for a value, `{{#key}}...{{/key}}` around an optional clause; docs/decisions/0006). Every edit
// states how many times its search text must occur; any other count fails the build, so a changed
// source is caught instead of silently producing a half-marked form.
//
// Search texts are matched against each paragraph's text (all its <w:t> runs joined), so a search text
// that Word split across runs is still found: the runs it spans are merged into the first of them
// (that run's formatting carries the marker; the text before and after keeps its own runs).
//
// Usage: node scripts/build-starter-forms.mjs [--check]
//   SHARED_DATA_DIR  the shared data folder (default: ../shared/data relative to the repository root,
//                    also tried relative to the main worktree when run from a git worktree)
//   --check          build in memory and fail when a committed form differs from the build output
//
// The committed DOCX files are this script's output (CI does not run it). Output is deterministic:
// the same sources give byte-identical files.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(repoRoot, 'apps/server/src/modules/standard-forms/starter/forms');

// ---------------------------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------------------------

/** Replace `find` (paragraph text) with `replace`; it must occur exactly `count` times. */
const r = (find, replace, count) => ({ kind: 'replace', find, replace, count });
/** A `{snake_case}` placeholder of the English templates becomes `{{camelCase}}`. */
const ph = (placeholder, key, count = 1) => r(`{${placeholder}}`, `{{${key}}}`, count);
/**
 * An optional clause: a paragraph holding only `{{#key}}` is inserted before the (one) paragraph
 * containing `from`, and one holding only `{{/key}}` after the (one) paragraph containing `to`
 * (default: the same paragraph). With docxtemplater's paragraphLoop, the marker paragraphs vanish
 * when the document is rendered, and the clause's paragraphs with them when it is unchecked.
 */
const section = (key, from, to = from) => ({ kind: 'section', key, from, to });
/** Removes the top-level body blocks from the one containing `from` up to (not including) the one containing `until`. */
const removeBlocks = (from, until) => ({ kind: 'remove', from, until });

/** Common signature-block edits of the Korean contracts: one search text per value. */
const party = (role, { name, nameCount = 2, address, registrationNumber, representative }) => [
  ...(name ? [r(name, `{{${role}Name}}`, nameCount)] : []),
  ...(address ? [r(address, `{{${role}Address}}`, 1)] : []),
  ...(registrationNumber ? [r(registrationNumber, `{{${role}RegistrationNumber}}`, 1)] : []),
  ...(representative ? [r(representative, `{{${role}Representative}}`, 1)] : []),
];

export const FORMS = [
  {
    out: 'ko-software-development-services.docx',
    source: 'contracts/ko/01-software-development-services.docx',
    edits: [
      r('소프트웨어 개발 용역계약서', '{{contractTitle}}', 1),
      r('하늘물산 주식회사', '{{clientName}}', 2),
      r('주식회사 다온테크', '{{vendorName}}', 2),
      r('갑의 통합 주문·재고관리 시스템 구축을 위한', '{{systemName}} 구축을 위한', 1),
      r('"하늘물산 통합 주문·재고관리 시스템"', '"{{systemName}}"', 1),
      r('2026년 9월 21일부터 2027년 3월 31일까지', '{{startDate}}부터 {{endDate}}까지', 1),
      r('금 일억팔천육백만원정(₩186,000,000)', '{{contractAmount}}', 1),
      r('계약금액의 100분의 30에 해당하는 금 55,800,000원', '계약금액의 100분의 30에 해당하는 금액', 2),
      r('계약금액의 100분의 40에 해당하는 금 74,400,000원', '계약금액의 100분의 40에 해당하는 금액', 1),
      section('lateInterest', '④ 갑이 제2항에 따른 기한까지 대금을 지급하지 아니한 경우'),
      r('최종 검수 합격일부터 12개월 동안', '최종 검수 합격일부터 {{warrantyMonths}}개월 동안', 1),
      r('이 계약은 대한민국 법률에 따라', '이 계약은 {{governingLaw}}에 따라', 1),
      r('소송은 서울중앙지방법원을', '소송은 {{venue}}을', 1),
      r('2026년 9월 14일', '{{signedDate}}', 1),
      ...party('client', { address: '서울특별시 중구 예시로 100, 12층', registrationNumber: '000-81-00101', representative: '대표이사 홍길동' }),
      ...party('vendor', { address: '서울특별시 금천구 샘플로 25, 7층', registrationNumber: '000-86-00102', representative: '대표이사 김철수' }),
    ],
  },
  {
    out: 'ko-goods-supply-master-agreement.docx',
    source: 'contracts/ko/02-goods-supply-master-agreement.docx',
    edits: [
      r('물품공급 기본계약서', '{{contractTitle}}', 1),
      r('주식회사 온누리식품', '{{buyerName}}', 2),
      r('주식회사 그린팩', '{{supplierName}}', 2),
      r('을이 갑에게 포장재를 계속적으로', '을이 갑에게 물품({{goodsDescription}})을 계속적으로', 1),
      r('품질보증기간은 물품의 납품일부터 12개월로', '품질보증기간은 물품의 납품일부터 {{warrantyMonths}}개월로', 1),
      r('이 계약의 유효기간은 2026년 10월 1일부터 2028년 9월 30일까지', '이 계약의 유효기간은 {{startDate}}부터 {{endDate}}까지', 1),
      r('계약기간 만료일 3개월 전까지', '계약기간 만료일 {{nonRenewalNoticeMonths}}개월 전까지', 1),
      section('lateDeliveryPenalty', '③ 을이 자신의 책임 있는 사유로 납기를 지키지 못한 경우'),
      r('이 계약과 개별계약은 대한민국 법률에 따라', '이 계약과 개별계약은 {{governingLaw}}에 따라', 1),
      r('국내중재규칙에 따라 서울에서 중재로', '국내중재규칙에 따라 {{arbitrationSeat}}에서 중재로', 1),
      r('2026년 10월 1일', '{{signedDate}}', 1),
      ...party('buyer', { address: '경기도 이천시 예시로 210', registrationNumber: '000-81-00201', representative: '대표이사 성춘향' }),
      ...party('supplier', { address: '충청북도 음성군 샘플산단로 45', registrationNumber: '000-81-00202', representative: '대표이사 이몽룡' }),
    ],
  },
  {
    out: 'ko-mutual-nda.docx',
    source: 'contracts/ko/03-mutual-nda.docx',
    edits: [
      r('상호 비밀유지계약서', '{{contractTitle}}', 1),
      r('주식회사 가람소프트', '{{partyAName}}', 2),
      r('(이하 "가람소프트"라 한다)와 스타라이트 헬스 피티이 엘티디(Starlight Health Pte. Ltd., 이하 "스타라이트"라 한다)는', '(이하 "갑"이라 한다)와 {{partyBName}}(이하 "을"이라 한다)는', 1),
      r('동남아시아 지역 의료기관을 대상으로 하는 인공지능 의료영상 판독 보조 솔루션의 공동 사업 가능성을 검토하기 위하여', '{{purpose}}을(를) 검토하기 위하여', 1),
      r('이 계약에서 가람소프트와 스타라이트를 개별적으로', '이 계약에서 갑과 을을 개별적으로', 1),
      r('개인정보(환자의 의료영상과 진료정보를 포함한다)를 서로 제공하지 아니한다. 본 목적의 검토에 환자 데이터가 필요한 경우에는 대한민국 「개인정보 보호법」과 싱가포르 개인정보보호법(Personal Data Protection Act 2012) 등 적용되는 법령에 따라',
        '개인정보를 서로 제공하지 아니한다. 본 목적의 검토에 개인정보가 필요한 경우에는 대한민국 「개인정보 보호법」 등 적용되는 법령에 따라', 1),
      r('유효기간은 체결일부터 2년으로 한다. 다만, 각 당사자는 30일 전에 상대방에게 서면으로 통지하여 이 계약을 해지할 수 있다.',
        '유효기간은 체결일부터 {{termYears}}년으로 한다. {{#terminationForConvenience}}다만, 각 당사자는 30일 전에 상대방에게 서면으로 통지하여 이 계약을 해지할 수 있다.{{/terminationForConvenience}}', 1),
      r('해지된 후에도 3년간 효력을 가진다', '해지된 후에도 {{survivalYears}}년간 효력을 가진다', 1),
      r('준거법으로 대한민국 법을 선택한다', '준거법으로 {{governingLaw}}을 선택한다', 1),
      r('중재지는 대한민국 서울로 하고', '중재지는 {{arbitrationSeat}}로 하고', 1),
      r('중재절차는 영어로 진행한다', '중재절차는 {{arbitrationLanguage}}로 진행한다', 1),
      section('electronicSignature', '④ 양 당사자는 「전자서명법」 제3조제2항에 따라'),
      r('2026년 8월 3일', '{{signedDate}}', 1),
      r('Starlight Health Pte. Ltd. (스타라이트 헬스 피티이 엘티디)', '{{partyBName}}', 1),
      r('가람소프트', '갑', 1),
      r('스타라이트', '을', 1),
      r('서울특별시 강남구 예시대로 321, 15층', '{{partyAAddress}}', 1),
      r('10 Sample Road, #05-01, Singapore 000000', '{{partyBAddress}}', 1),
      r('사업자등록번호 000-81-00301', '{{partyARegistrationNumber}}', 1),
      r('UEN 000000000X', '{{partyBRegistrationNumber}}', 1),
      r('대표이사 전우치', '{{partyARepresentative}}', 1),
      r('Director Jane Doe', '{{partyBRepresentative}}', 1),
    ],
  },
  {
    out: 'ko-one-way-nda.docx',
    source: 'contracts/ko/04-one-way-nda.docx',
    edits: [
      r('일방향 비밀유지계약서', '{{contractTitle}}', 1),
      r('주식회사 해밀바이오', '{{discloserName}}', 2),
      r('가온인베스트먼트 주식회사', '{{recipientName}}', 2),
      section('nonSolicitation', '② 수령자는 이 계약 체결일부터 1년 동안'),
      r('이 계약 체결일부터 1년 동안', '이 계약 체결일부터 {{nonSolicitYears}}년 동안', 1),
      r('이 계약은 체결일부터 2년간 효력을 가진다', '이 계약은 체결일부터 {{termYears}}년간 효력을 가진다', 1),
      r('이 계약은 대한민국 법률에 따라', '이 계약은 {{governingLaw}}에 따라', 1),
      r('소송은 서울중앙지방법원을', '소송은 {{venue}}을', 1),
      r('2026년 11월 2일', '{{signedDate}}', 1),
      ...party('discloser', { address: '대전광역시 유성구 예시과학로 77', registrationNumber: '000-81-00401', representative: '대표이사 심학규' }),
      ...party('recipient', { address: '서울특별시 영등포구 샘플금융로 10, 20층', registrationNumber: '000-81-00402', representative: '대표이사 허생' }),
    ],
  },
  {
    out: 'ko-employment-contract.docx',
    source: 'contracts/ko/06-employment-contract.docx',
    edits: [
      r('주식회사 가람소프트', '{{employerName}}', 2),
      r('이영희', '{{employeeName}}', 4),
      r('근로계약기간은 2027년 1월 4일부터', '근로계약기간은 {{startDate}}부터', 1),
      r('입사일부터 3개월은 수습기간으로', '입사일부터 {{probationMonths}}개월은 수습기간으로', 1),
      r('서울특별시 강남구 예시대로 321, 15층(회사 본사)', '{{workplace}}', 1),
      r('소프트웨어 개발(서버 백엔드 개발 및 운영)로 하고, 직위는 선임연구원으로', '{{jobDescription}}(으)로 하고, 직위는 {{jobTitle}}(으)로', 1),
      section('remoteWork', '④ 근로자는 회사의 재택근무 규정에 따라'),
      section('flexibleHours', '③ 회사가 「근로기준법」 제52조에 따라'),
      r('금 62,400,000원(세전)', '{{annualSalary}}(세전)', 1),
      r('기본급: 월 5,000,000원', '기본급: 월 {{monthlyBaseSalary}}', 1),
      r('식대: 월 200,000원', '식대: 월 {{monthlyMealAllowance}}', 1),
      r('그달 25일에 근로자 명의의', '그달 {{payDay}}일에 근로자 명의의', 1),
      r('2026년 12월 21일', '{{signedDate}}', 1),
      r('서울특별시 강남구 예시대로 321, 15층', '{{employerAddress}}', 1),
      r('서울특별시 관악구 샘플로12길 34', '{{employeeAddress}}', 1),
      r('000-81-00301', '{{employerRegistrationNumber}}', 1),
      r('1995년 3월 15일', '{{employeeBirthDate}}', 1),
      r('02-000-0000', '{{employerPhone}}', 1),
      r('010-0000-0000', '{{employeePhone}}', 1),
      r('대표이사 전우치', '{{employerRepresentative}}', 1),
    ],
  },
  {
    out: 'ko-commercial-lease.docx',
    source: 'contracts/ko/07-commercial-lease.docx',
    edits: [
      r('상가건물 임대차계약서', '{{contractTitle}}', 1),
      r('심청', '{{landlordName}}', 3),
      r('주식회사 달빛커피', '{{tenantName}}', 2),
      r('서울특별시 마포구 예시로 45, 예시빌딩 1층 101호', '{{premisesAddress}}', 1),
      r('전용면적 82.5㎡(공용면적 포함 110.2㎡)', '{{premisesArea}}', 1),
      r('보증금은 금 일억원정(₩100,000,000)으로', '보증금은 {{deposit}}으로', 1),
      r('계약금: 금 10,000,000원은', '계약금: {{downPayment}}은', 1),
      r('잔금: 금 90,000,000원은 2026년 11월 1일 목적물의 인도와', '잔금: 보증금에서 계약금을 뺀 나머지 금액은 {{startDate}} 목적물의 인도와', 1),
      r('차임은 월 금 4,500,000원(부가가치세 별도)', '차임은 월 {{monthlyRent}}(부가가치세 별도)', 1),
      r('월 관리비 금 380,000원(부가가치세 별도)', '월 관리비 {{monthlyServiceCharge}}(부가가치세 별도)', 1),
      r('임대차기간은 2026년 11월 1일부터 2028년 10월 31일까지 2년으로', '임대차기간은 {{startDate}}부터 {{endDate}}까지로', 1),
      r('② 갑은 2026년 11월 1일에 목적물을', '② 갑은 {{startDate}}에 목적물을', 1),
      r('을은 목적물을 커피전문점(휴게음식점) 영업을 위하여', '을은 목적물을 {{businessPurpose}} 영업을 위하여', 1),
      r('채권최고액 금 360,000,000원의 근저당권(근저당권자: 주식회사 샘플은행) 외에는', '{{existingEncumbrances}} 외에는', 1),
      r('관할하는 서울서부지방법원을', '관할하는 {{venue}}을', 1),
      section('rentFreePeriod', '갑은 을의 인테리어 공사 기간을 고려하여'),
      r('2026년 11월 1일부터 2026년 11월 30일까지의 차임을 면제한다', '{{rentFreeStartDate}}부터 {{rentFreeEndDate}}까지의 차임을 면제한다', 1),
      r('2026년 9월 25일', '{{signedDate}}', 1),
      r('서울특별시 마포구 예시로 45, 5층', '{{landlordAddress}}', 1),
      r('서울특별시 용산구 샘플로 7, 3층', '{{tenantAddress}}', 1),
      r('1968년 5월 20일', '{{landlordRegistrationNumber}}', 1),
      r('000-81-00701', '{{tenantRegistrationNumber}}', 1),
      r('010-0000-0000', '{{landlordPhone}}', 1),
      r('02-000-0000', '{{tenantPhone}}', 1),
      r('대표이사 향단', '{{tenantRepresentative}}', 1),
    ],
  },
  {
    out: 'ko-mou.docx',
    source: 'contracts/ko/09-mou.docx',
    edits: [
      r('업무협약서', '{{contractTitle}}', 1),
      r('주식회사 푸른에너지', '{{partyAName}}', 2),
      r('바른마트 주식회사', '{{partyBName}}', 2),
      r('을이 운영하는 매장의 주차장에 전기자동차 충전시설을 설치하고 운영하는 사업의 협력 가능성을', '{{cooperationSubject}}에 관한 협력 가능성을', 1),
      r('갑과 을이 전기자동차 충전 인프라 확충과 고객 편의 향상을 위하여', '갑과 을이 {{cooperationGoal}}을(를) 위하여', 1),
      removeBlocks('충전시설의 설치, 운영 및 유지보수 방식과', '그 밖에 갑과 을이 서면으로 합의하는 분야'),
      r('을이 운영하는 수도권 매장 중 충전시설 설치에 적합한 후보지의 공동 조사', '{{cooperationAreas}}', 1),
      r('각자 제3자와 전기자동차 충전시설에 관하여 협력하는', '각자 제3자와 제2조의 협력 분야에 관하여 협력하는', 1),
      r('유효기간은 체결일부터 1년으로', '유효기간은 체결일부터 {{termYears}}년으로', 1),
      r('소송은 서울중앙지방법원을', '소송은 {{venue}}을', 1),
      r('이 협약은 대한민국 법률에 따라', '이 협약은 {{governingLaw}}에 따라', 1),
      r('2026년 7월 20일', '{{signedDate}}', 1),
      ...party('partyA', { address: '서울특별시 성동구 예시로 150, 6층', registrationNumber: '000-81-00901', representative: '대표이사 박철수' }),
      ...party('partyB', { address: '경기도 고양시 일산동구 샘플로 300', registrationNumber: '000-81-00902', representative: '대표이사 최영희' }),
    ],
  },
  {
    out: 'ko-personal-data-processing-outsourcing.docx',
    source: 'contracts/ko/10-personal-data-processing-outsourcing.docx',
    edits: [
      r('개인정보 처리업무 위탁계약서', '{{contractTitle}}', 1),
      r('주식회사 초록장터', '{{controllerName}}', 2),
      r('주식회사 한울씨에스', '{{processorName}}', 2),
      r('갑과 을이 2026년 9월 28일 체결한 고객센터 운영 용역계약', '갑과 을이 {{mainContractDate}} 체결한 {{mainContractName}}', 1),
      r('상담센터(서울특별시 구로구 샘플디지털로 50, 8층)', '상담센터({{workLocation}})', 1),
      section('noSubProcessors', '③ 갑과 을은 이 계약 체결일 현재 재수탁자가 없음을 확인한다.'),
      r('보상한도액 금 5억원 이상의 개인정보 유출 배상책임보험', '보상한도액 {{insuranceCover}} 이상의 개인정보 유출 배상책임보험', 1),
      r('이 계약은 대한민국 법률에 따라', '이 계약은 {{governingLaw}}에 따라', 1),
      r('소송은 서울중앙지방법원을', '소송은 {{venue}}을', 1),
      r('2026년 9월 28일', '{{signedDate}}', 1),
      ...party('controller', { address: '서울특별시 서초구 예시로 88, 10층', registrationNumber: '000-81-01001', representative: '대표이사 고길동' }),
      ...party('processor', { address: '서울특별시 구로구 샘플디지털로 50, 8층', registrationNumber: '000-81-01002', representative: '대표이사 김영희' }),
    ],
  },
  {
    out: 'en-common-paper-mutual-nda.docx',
    source: 'contracts/docx/common-paper-mutual-nda.docx',
    edits: [
      ph('purpose', 'purpose'),
      ph('effective_date', 'effectiveDate'),
      ph('mnda_term', 'mndaTerm'),
      ph('confidentiality_term', 'confidentialityTerm'),
      ph('confidentiality_term_start', 'confidentialityTermStart'),
      ph('governing_law', 'governingLaw'),
      ph('jurisdiction', 'jurisdiction'),
      ph('changes_to_standard_terms', 'changesToStandardTerms'),
      ph('party_1_name', 'party1SignatoryName'),
      ph('party_2_name', 'party2SignatoryName'),
      ph('party_1_title_display', 'party1SignatoryTitle'),
      ph('party_2_title_display', 'party2SignatoryTitle'),
      ph('party_1_company_display', 'party1Company'),
      ph('party_2_company_display', 'party2Company'),
      ph('party_1_email', 'party1NoticeAddress'),
      ph('party_2_email', 'party2NoticeAddress'),
    ],
  },
  {
    out: 'en-common-paper-one-way-nda.docx',
    source: 'contracts/docx/common-paper-one-way-nda.docx',
    edits: [
      r('{discloser_name_and_address}', '{{discloserName}}, {{discloserAddress}}', 1),
      ph('purpose', 'purpose'),
      ph('effective_date', 'effectiveDate'),
      ph('nda_term', 'ndaTerm'),
      ph('confidentiality_term', 'confidentialityTerm'),
      ph('confidentiality_term_start', 'confidentialityTermStart'),
      ph('governing_law', 'governingLaw'),
      ph('jurisdiction', 'jurisdiction'),
      ph('changes_to_standard_terms', 'changesToStandardTerms'),
      ph('recipient_signatory_name', 'recipientSignatoryName'),
      ph('recipient_signatory_title_display', 'recipientSignatoryTitle'),
      ph('recipient_signatory_company_display', 'recipientCompany'),
      ph('recipient_signatory_email', 'recipientNoticeAddress'),
    ],
  },
  {
    out: 'en-common-paper-independent-contractor-agreement.docx',
    source: 'contracts/docx/common-paper-independent-contractor-agreement.docx',
    edits: [
      // The first page tells the drafter how to fill the template in and ends "Remove this first page."
      removeBlocks('Interpreting help text', 'Independent Contractor Agreement'),
      r('{contractor_name_and_address}', '{{contractorName}}, {{contractorAddress}}', 1),
      r('{company_name_and_address}', '{{companyName}}, {{companyAddress}}', 1),
      ph('services_description', 'servicesDescription'),
      ph('timeline', 'schedule'),
      ph('rates_and_fees', 'ratesAndFees'),
      ph('payment_terms', 'paymentTerms'),
      ph('governing_law', 'governingLaw'),
      ph('jurisdiction', 'jurisdiction'),
      r('[ Add any other terms relevant to the engagement, such as expense or travel reimbursements. Delete this row if not applicable ]', '{{otherTerms}}', 1),
      ph('company_signatory_name', 'companySignatoryName'),
      ph('contractor_signatory_name', 'contractorSignatoryName'),
      ph('company_signatory_title_display', 'companySignatoryTitle'),
      ph('contractor_signatory_title_display', 'contractorSignatoryTitle'),
      ph('company_signatory_email', 'companySignatoryEmail'),
      ph('contractor_signatory_email', 'contractorSignatoryEmail'),
    ],
  },
  {
    out: 'en-bonterms-professional-services-agreement.docx',
    source: 'contracts/docx/bonterms-professional-services-agreement.docx',
    edits: [
      r('[Professional Services Agreement]', '{{agreementName}}', 1),
      ph('customer_name', 'customerName', 2),
      ph('provider_name', 'providerName', 2),
      ph('effective_date', 'effectiveDate', 2),
      ph('governing_law', 'governingLaw'),
      ph('courts', 'courts'),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// DOCX editing
// ---------------------------------------------------------------------------------------------

const decode = (s) =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-fA-F]+));/g, (m, name, dec, hex) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[name]);
const encode = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const PARAGRAPH = /<w:p(?:\s[^>]*[^/>])?>[\s\S]*?<\/w:p>/g;
const TEXT_NODE = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;

/** The text of a paragraph's XML: its <w:t> contents joined. */
export function paragraphText(pXml) {
  return [...pXml.matchAll(TEXT_NODE)].map((m) => decode(m[1])).join('');
}

function occurrences(text, find) {
  const at = [];
  for (let i = text.indexOf(find); i !== -1; i = text.indexOf(find, i + find.length)) at.push(i);
  return at;
}

/** Replaces every occurrence of `find` in the paragraph's text; returns the new XML and the count. */
function replaceInParagraph(pXml, find, replace) {
  const nodes = [...pXml.matchAll(TEXT_NODE)];
  const texts = nodes.map((m) => decode(m[1]));
  const starts = [];
  let offset = 0;
  for (const t of texts) {
    starts.push(offset);
    offset += t.length;
  }
  const hits = occurrences(texts.join(''), find);
  if (hits.length === 0) return { xml: pXml, count: 0 };
  const nodeAt = (pos) => {
    let i = 0;
    while (i + 1 < texts.length && starts[i + 1] <= pos) i++;
    return i;
  };
  const changed = new Set();
  for (const s of [...hits].reverse()) {
    const e = s + find.length;
    const i = nodeAt(s);
    const j = nodeAt(e - 1);
    const first = texts[i];
    if (i === j) {
      texts[i] = first.slice(0, s - starts[i]) + replace + first.slice(e - starts[i]);
    } else {
      texts[i] = first.slice(0, s - starts[i]) + replace;
      for (let k = i + 1; k < j; k++) texts[k] = '';
      texts[j] = texts[j].slice(e - starts[j]);
      for (let k = i + 1; k <= j; k++) changed.add(k);
    }
    changed.add(i);
  }
  let k = 0;
  const xml = pXml.replace(TEXT_NODE, (whole) => {
    const idx = k++;
    return changed.has(idx) ? `<w:t xml:space="preserve">${encode(texts[idx])}</w:t>` : whole;
  });
  return { xml, count: hits.length };
}

const markerParagraph = (marker) => `<w:p><w:r><w:t xml:space="preserve">${encode(marker)}</w:t></w:r></w:p>`;

function paragraphsContaining(xml, text) {
  return [...xml.matchAll(PARAGRAPH)].filter((m) => paragraphText(m[0]).includes(text)).map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Top-level children of <w:body> as [start, end) offsets into the XML. */
function bodyBlocks(xml) {
  const open = xml.indexOf('<w:body>');
  const close = xml.lastIndexOf('</w:body>');
  if (open === -1 || close === -1) throw new Error('no <w:body>');
  const TAG = /<(\/?)([A-Za-z][\w.-]*(?::[\w.-]+)?)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  TAG.lastIndex = open + '<w:body>'.length;
  const blocks = [];
  let depth = 0;
  let start = -1;
  for (let m = TAG.exec(xml); m && m.index < close; m = TAG.exec(xml)) {
    const [, closing, , , selfClosing] = m;
    if (closing) {
      depth--;
      if (depth === 0) blocks.push({ start, end: m.index + m[0].length });
    } else if (selfClosing) {
      if (depth === 0) blocks.push({ start: m.index, end: m.index + m[0].length });
    } else {
      if (depth === 0) start = m.index;
      depth++;
    }
  }
  return blocks;
}

function applyEdit(xml, edit, where) {
  if (edit.kind === 'replace') {
    let total = 0;
    const out = xml.replace(PARAGRAPH, (p) => {
      const { xml: next, count } = replaceInParagraph(p, edit.find, edit.replace);
      total += count;
      return next;
    });
    if (total !== edit.count) throw new Error(`${where}: "${edit.find}" found ${total} times, expected ${edit.count}`);
    return out;
  }
  if (edit.kind === 'section') {
    const from = paragraphsContaining(xml, edit.from);
    const to = paragraphsContaining(xml, edit.to);
    if (from.length !== 1) throw new Error(`${where}: section ${edit.key}: "${edit.from}" is in ${from.length} paragraphs, expected 1`);
    if (to.length !== 1) throw new Error(`${where}: section ${edit.key}: "${edit.to}" is in ${to.length} paragraphs, expected 1`);
    if (to[0].start < from[0].start) throw new Error(`${where}: section ${edit.key}: its end comes before its start`);
    return (
      xml.slice(0, from[0].start) +
      markerParagraph(`{{#${edit.key}}}`) +
      xml.slice(from[0].start, to[0].end) +
      markerParagraph(`{{/${edit.key}}}`) +
      xml.slice(to[0].end)
    );
  }
  if (edit.kind === 'remove') {
    const blocks = bodyBlocks(xml);
    const text = (b) => [...xml.slice(b.start, b.end).matchAll(PARAGRAPH)].map((m) => paragraphText(m[0])).join('\n');
    const first = blocks.findIndex((b) => text(b).includes(edit.from));
    const last = blocks.findIndex((b, i) => i > first && text(b).includes(edit.until));
    if (first === -1 || blocks.filter((b) => text(b).includes(edit.from)).length !== 1) throw new Error(`${where}: remove: "${edit.from}" must be in exactly one block`);
    if (last === -1) throw new Error(`${where}: remove: "${edit.until}" not found after "${edit.from}"`);
    return xml.slice(0, blocks[first].start) + xml.slice(blocks[last].start);
  }
  throw new Error(`${where}: unknown edit ${edit.kind}`);
}

export async function buildForm(form, sharedDir) {
  const sourcePath = join(sharedDir, form.source);
  const zip = await JSZip.loadAsync(readFileSync(sourcePath));
  const entry = zip.file('word/document.xml');
  if (!entry) throw new Error(`${form.source}: no word/document.xml`);
  let xml = await entry.async('string');
  if (xml.includes('<w:txbxContent')) throw new Error(`${form.source}: text boxes are not supported by this script`);
  if (xml.includes('{{')) throw new Error(`${form.source}: the original already contains "{{"`);
  form.edits.forEach((edit, i) => {
    xml = applyEdit(xml, edit, `${form.out} edit ${i + 1}`);
  });
  zip.file('word/document.xml', xml, { date: entry.date, createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 }, platform: 'UNIX' });
}

// ---------------------------------------------------------------------------------------------
// Shared data folder
// ---------------------------------------------------------------------------------------------

function sharedDataCandidates() {
  const fromEnv = process.env.SHARED_DATA_DIR;
  if (fromEnv) return [isAbsolute(fromEnv) ? fromEnv : resolve(repoRoot, fromEnv)];
  const candidates = [resolve(repoRoot, '../shared/data')];
  try {
    // In a git worktree the repository root's sibling is not the main checkout's sibling.
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    candidates.push(resolve(dirname(common), '../shared/data'));
  } catch {
    // not a git checkout: the first candidate only
  }
  return [...new Set(candidates)];
}

export function resolveSharedDataDir() {
  const candidates = sharedDataCandidates();
  const found = candidates.find((dir) => existsSync(join(dir, 'contracts/ko')) && existsSync(join(dir, 'contracts/docx')));
  if (!found) throw new Error(`shared data folder not found (tried ${candidates.join(', ')}); set SHARED_DATA_DIR`);
  return found;
}

async function main() {
  const check = process.argv.includes('--check');
  const sharedDir = resolveSharedDataDir();
  mkdirSync(outDir, { recursive: true });
  let stale = 0;
  for (const form of FORMS) {
    const bytes = await buildForm(form, sharedDir);
    const target = join(outDir, form.out);
    if (check) {
      const same = existsSync(target) && Buffer.compare(readFileSync(target), bytes) === 0;
      if (!same) stale++;
      console.log(`${same ? 'ok     ' : 'DIFFERS'} ${form.out}`);
    } else {
      writeFileSync(target, bytes);
      console.log(`wrote ${form.out} (${bytes.length} bytes, ${form.edits.length} edits) from ${form.source}`);
    }
  }
  if (stale) {
    console.error(`${stale} form(s) differ from the build output: run node scripts/build-starter-forms.mjs`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
