import type { ContractLanguage, ContractStatus, ContractType, DisputeResolutionMethod, OurPosition, ReminderKind } from '@legal/api';

/**
 * The demo contracts (SEED_DEMO_CONTENT): what a new user finds in the demo workspaces. The
 * documents are in `apps/server/demo-data/contracts` (copies of ../shared/data/contracts, their
 * licences in that folder's README and SOURCES.csv, and in each contract's memo). Dates are days
 * from the day of seeding, so that "ends within 90 days" and "already ended" stay true.
 */
export interface DemoContract {
  /** The document under demo-data/contracts; null: registered without one yet. */
  file: string | null;
  title: string;
  contractType: ContractType;
  language: ContractLanguage;
  /**
   * IN_REVIEW, IN_APPROVAL and IN_SIGNING are registered as drafts and reached by a real workflow
   * (the workflows module's demo seed, workflows/demo/workflow-demo.seed.ts, names them by title).
   */
  status: Extract<ContractStatus, 'DRAFT' | 'IN_REVIEW' | 'IN_APPROVAL' | 'IN_SIGNING' | 'SIGNED' | 'ACTIVE' | 'EXPIRED' | 'TERMINATED'>;
  owner: string;
  group?: string;
  counterparties: Array<{ name: string; isPerson?: boolean }>;
  hashtags: string[];
  amount?: [string, string];
  /** Start and end, in days from today (end null: open-ended). */
  term?: [number, number | null];
  watchers?: string[];
  relatedUsers?: string[];
  governingLaw?: string;
  disputeResolutionMethod?: DisputeResolutionMethod;
  ourPosition?: OurPosition;
  summary: string;
  /** A reminder for the owner this many days before the end date (tomorrow when that has passed). */
  reminder?: { kind: ReminderKind; title: string; daysBeforeEnd: number };
}

const KOREA = '대한민국 법';

/** The demo workspace of the law firm: the core is the 14 Korean contracts (CC0). */
const HANBIT: DemoContract[] = [
  {
    file: 'ko/01-software-development-services.docx', title: '차세대 주문관리시스템 개발 용역계약', contractType: 'SERVICE', language: 'ko', status: 'ACTIVE',
    owner: 'assigner@hanbit.example', group: '계약 검토팀', counterparties: [{ name: '다온테크 주식회사' }], hashtags: ['개발용역', 'IT'],
    amount: ['186000000', 'KRW'], term: [-60, 150], governingLaw: KOREA, disputeResolutionMethod: 'LITIGATION', ourPosition: 'PARTY_A', watchers: ['reviewer@hanbit.example'],
    summary: '검수 후 지급 30/30/40, 지체상금 일 0.1% (상한 10%).',
  },
  {
    file: 'ko/02-goods-supply-master-agreement.docx', title: '포장재 물품공급 기본계약', contractType: 'SUPPLY', language: 'ko', status: 'ACTIVE',
    owner: 'manager@hanbit.example', group: '재무 협업', counterparties: [{ name: '그린팩 주식회사' }], hashtags: ['구매', '자동갱신'],
    term: [-300, 45], governingLaw: KOREA, disputeResolutionMethod: 'ARBITRATION', ourPosition: 'PARTY_A',
    summary: '만료 3개월 전까지 통지가 없으면 1년씩 자동 갱신됩니다.',
    reminder: { kind: 'RENEWAL', title: '포장재 공급계약 갱신 여부 결정', daysBeforeEnd: 30 },
  },
  {
    file: 'ko/03-mutual-nda.docx', title: 'Starlight Health 상호 비밀유지계약', contractType: 'NDA', language: 'ko', status: 'IN_REVIEW',
    owner: 'member@hanbit.example', group: '계약 검토팀', counterparties: [{ name: 'Starlight Health Pte. Ltd.' }], hashtags: ['NDA', '해외'],
    governingLaw: KOREA, disputeResolutionMethod: 'ARBITRATION', ourPosition: 'PARTY_A', summary: '싱가포르 법인과의 상호 NDA, 대한상사중재원 국제중재.',
  },
  {
    file: 'ko/04-one-way-nda.docx', title: '투자 실사 비밀유지계약 (가온인베스트먼트)', contractType: 'NDA', language: 'ko', status: 'SIGNED',
    owner: 'member@hanbit.example', counterparties: [{ name: '가온인베스트먼트 주식회사' }], hashtags: ['NDA', '투자'], term: [10, 740],
    watchers: ['reader@hanbit.example'], governingLaw: KOREA, disputeResolutionMethod: 'LITIGATION', ourPosition: 'PARTY_A', summary: '실사 자료실 자료와 협상 사실 자체를 비밀로 합니다.',
  },
  {
    file: 'ko/05-saas-subscription-agreement.docx', title: '클라우드 데이터 플랫폼 SaaS 이용계약', contractType: 'SERVICE', language: 'ko', status: 'ACTIVE',
    owner: 'otp@hanbit.example', group: '기업자문 TF', counterparties: [{ name: '구름데이터 주식회사' }], hashtags: ['SaaS', '개인정보'],
    amount: ['38400000', 'KRW'], term: [-280, 85], governingLaw: KOREA, disputeResolutionMethod: 'ARBITRATION', ourPosition: 'PARTY_B',
    summary: '만료 60일 전까지 해지 통지가 없으면 자동 갱신, 갱신 시 인상률 5% 이내.',
    reminder: { kind: 'NOTICE', title: 'SaaS 이용계약 해지 통지 기한', daysBeforeEnd: 67 },
  },
  {
    file: 'ko/06-employment-contract.docx', title: '정규직 근로계약 (개발팀 신규 입사자)', contractType: 'EMPLOYMENT', language: 'ko', status: 'DRAFT',
    owner: 'manager@hanbit.example', counterparties: [{ name: '이영희', isPerson: true }], hashtags: ['인사'], amount: ['62400000', 'KRW'],
    summary: '연봉 6,240만 원, 수습 3개월. 입사일 확정 전 초안입니다.',
  },
  {
    file: 'ko/07-commercial-lease.docx', title: '연남동 상가 임대차계약', contractType: 'LEASE', language: 'ko', status: 'ACTIVE',
    owner: 'manager@hanbit.example', group: '재무 협업', counterparties: [{ name: '심청', isPerson: true }], hashtags: ['임대차', '부동산'],
    amount: ['100000000', 'KRW'], term: [-400, 330], governingLaw: KOREA, disputeResolutionMethod: 'MEDIATION', ourPosition: 'PARTY_B',
    summary: '보증금 1억 원, 월 차임 450만 원. 갱신요구권 최장 10년.',
  },
  {
    file: 'ko/08-manufacturing-subcontract.docx', title: '알루미늄 부품 제조위탁 하도급계약', contractType: 'OUTSOURCING', language: 'ko', status: 'ACTIVE',
    owner: 'assigner@hanbit.example', counterparties: [{ name: '누리정밀 주식회사' }], hashtags: ['하도급', '제조'], term: [-200, 165],
    governingLaw: KOREA, disputeResolutionMethod: 'LITIGATION', ourPosition: 'PARTY_A', summary: '원자재 가격 연동(ADC12, ±5%) 조항이 있습니다.',
  },
  {
    file: 'ko/09-mou.docx', title: '전기차 충전 인프라 업무협약 (MOU)', contractType: 'MOU', language: 'ko', status: 'EXPIRED',
    owner: 'member@hanbit.example', counterparties: [{ name: '바른마트 주식회사' }, { name: '푸른에너지 주식회사' }], hashtags: ['MOU', '전기차'],
    term: [-420, -55], governingLaw: KOREA, disputeResolutionMethod: 'LITIGATION', summary: '비밀유지 등 일부 조항만 구속력이 있는 협약입니다.',
  },
  {
    file: 'ko/10-personal-data-processing-outsourcing.docx', title: '고객센터 개인정보 처리업무 위탁계약', contractType: 'OUTSOURCING', language: 'ko', status: 'IN_REVIEW',
    owner: 'member@hanbit.example', group: '계약 검토팀', counterparties: [{ name: '한울씨에스 주식회사' }], hashtags: ['개인정보', '위탁'],
    governingLaw: KOREA, disputeResolutionMethod: 'LITIGATION', ourPosition: 'PARTY_A', relatedUsers: ['assigner@hanbit.example'],
    summary: '개인정보 보호법 제26조 필수 기재사항 검토 중.',
  },
  {
    file: 'ko/11-joint-research-development.docx', title: '기능성 포장소재 공동연구개발계약', contractType: 'PARTNERSHIP', language: 'ko', status: 'ACTIVE',
    owner: 'approver@hanbit.example', counterparties: [{ name: '맑은식품 주식회사' }], hashtags: ['공동연구', '특허'], term: [-100, 500],
    governingLaw: KOREA, disputeResolutionMethod: 'ARBITRATION', ourPosition: 'PARTY_B', summary: '공동발명은 50:50 공유, 갑이 출원 절차를 맡습니다.',
  },
  {
    file: 'ko/12-distribution-dealer-agreement.docx', title: '가전제품 대리점 계약', contractType: 'DISTRIBUTION', language: 'ko', status: 'TERMINATED',
    owner: 'manager@hanbit.example', group: '재무 협업', counterparties: [{ name: '미래전자유통' }], hashtags: ['대리점'], term: [-500, 230],
    governingLaw: KOREA, disputeResolutionMethod: 'MEDIATION', ourPosition: 'PARTY_A', summary: '대리점 측 사업 양도로 합의 해지했습니다.',
  },
  {
    file: 'ko/13-advertising-agency-agreement.docx', title: '2026 브랜드 캠페인 광고대행 계약', contractType: 'SERVICE', language: 'ko', status: 'ACTIVE',
    owner: 'otp@hanbit.example', counterparties: [{ name: '별빛애드 주식회사' }], hashtags: ['광고', '마케팅'], amount: ['96000000', 'KRW'], term: [-330, 35],
    governingLaw: KOREA, disputeResolutionMethod: 'LITIGATION', ourPosition: 'PARTY_A', summary: '월 리테이너 800만 원, 매체비는 실비 정산.',
    reminder: { kind: 'END_DATE', title: '광고대행 계약 종료 전 성과 점검', daysBeforeEnd: 14 },
  },
  {
    file: 'ko/14-management-consulting-agreement.docx', title: '물류 프로세스 경영 컨설팅 계약', contractType: 'SERVICE', language: 'ko', status: 'DRAFT',
    owner: 'member@hanbit.example', group: '기업자문 TF', counterparties: [{ name: '온새미로컨설팅 주식회사' }], hashtags: ['컨설팅'], amount: ['240000000', 'KRW'],
    watchers: ['lawyer@hanbit.example'], summary: '마일스톤별 30/40/30 지급. 외부 자문 검토 요청 예정.',
  },
  // English templates (Bonterms CC0, Common Paper and OpenAgreements CC BY 4.0)
  {
    file: 'docx/bonterms-mutual-nda.docx', title: 'Mutual NDA with Northwind Analytics', contractType: 'NDA', language: 'en', status: 'ACTIVE',
    owner: 'reviewer@hanbit.example', counterparties: [{ name: 'Northwind Analytics Inc.' }], hashtags: ['NDA', '해외'], term: [-90, 640],
    governingLaw: 'State of Delaware', summary: 'Bonterms Mutual NDA cover page.',
  },
  {
    file: 'docx/bonterms-professional-services-agreement.docx', title: 'Professional Services Agreement (Bluefin Consulting)', contractType: 'SERVICE', language: 'en', status: 'IN_REVIEW',
    owner: 'otp@hanbit.example', group: '계약 검토팀', counterparties: [{ name: 'Bluefin Consulting LLC' }], hashtags: ['용역', '해외'],
    amount: ['120000', 'USD'], summary: 'Bonterms PSA under review: fees, acceptance and IP.',
  },
  {
    file: 'docx/common-paper-mutual-nda.docx', title: 'Mutual NDA with Acme Robotics', contractType: 'NDA', language: 'en', status: 'EXPIRED',
    owner: 'member@hanbit.example', counterparties: [{ name: 'Acme Robotics Inc.' }], hashtags: ['NDA'], term: [-800, -70], summary: 'Expired two-year NDA.',
  },
  {
    file: 'docx/common-paper-one-way-nda.docx', title: 'One-way NDA for Helios Bio due diligence', contractType: 'NDA', language: 'en', status: 'DRAFT',
    owner: 'otp@hanbit.example', counterparties: [{ name: 'Helios Bio Ltd.' }], hashtags: ['NDA', '투자'], summary: 'Draft for the data room.',
  },
  {
    file: 'docx/common-paper-cloud-service-agreement.docx', title: 'Cloud Service Agreement (Cloudnine Software)', contractType: 'LICENSE', language: 'en', status: 'ACTIVE',
    owner: 'manager@hanbit.example', group: '재무 협업', counterparties: [{ name: 'Cloudnine Software Inc.' }], hashtags: ['SaaS', '자동갱신'],
    amount: ['48000', 'USD'], term: [-320, 45], ourPosition: 'PARTY_B', summary: 'Annual subscription; renews unless notice 30 days before the end.',
    reminder: { kind: 'RENEWAL', title: 'Cloudnine 구독 갱신 검토', daysBeforeEnd: 35 },
  },
  {
    file: 'docx/common-paper-data-processing-agreement.docx', title: 'Data Processing Agreement (Cloudnine Software)', contractType: 'OTHER', language: 'en', status: 'ACTIVE',
    owner: 'reviewer@hanbit.example', group: '계약 검토팀', counterparties: [{ name: 'Cloudnine Software Inc.' }], hashtags: ['개인정보', 'SaaS'], term: [-320, 45],
    summary: 'DPA attached to the Cloudnine subscription.',
  },
  {
    file: 'docx/common-paper-ai-addendum.docx', title: 'AI Addendum to the Cloudnine subscription', contractType: 'AMENDMENT', language: 'en', status: 'IN_APPROVAL',
    owner: 'member@hanbit.example', counterparties: [{ name: 'Cloudnine Software Inc.' }], hashtags: ['AI', 'SaaS'], summary: 'No training on customer data; waiting for approval.',
  },
  {
    file: 'docx/common-paper-professional-services-agreement.docx', title: 'Professional Services Agreement (Summit Advisory)', contractType: 'SERVICE', language: 'en', status: 'SIGNED',
    owner: 'assigner@hanbit.example', counterparties: [{ name: 'Summit Advisory Partners' }], hashtags: ['용역'], amount: ['75000', 'USD'], term: [20, 385],
    summary: 'Signed; the work starts in three weeks.',
  },
  {
    file: 'docx/common-paper-software-license-agreement.docx', title: 'Software License Agreement (Orbit Data Systems)', contractType: 'LICENSE', language: 'en', status: 'TERMINATED',
    owner: 'manager@hanbit.example', counterparties: [{ name: 'Orbit Data Systems' }], hashtags: ['라이선스'], term: [-600, 130], summary: 'Terminated for convenience after the migration.',
  },
  {
    file: 'docx/common-paper-partnership-agreement.docx', title: 'Partnership Agreement (Lumen Retail Group)', contractType: 'PARTNERSHIP', language: 'en', status: 'ACTIVE',
    owner: 'approver@hanbit.example', group: '기업자문 TF', counterparties: [{ name: 'Lumen Retail Group' }], hashtags: ['제휴'], term: [-150, 580],
    summary: 'Co-marketing partnership.',
  },
  {
    file: 'docx/common-paper-pilot-agreement.docx', title: 'Pilot Agreement (Vector Mobility)', contractType: 'SERVICE', language: 'en', status: 'EXPIRED',
    owner: 'otp@hanbit.example', counterparties: [{ name: 'Vector Mobility Inc.' }], hashtags: ['파일럿'], term: [-200, -20], summary: 'Pilot ended; no follow-on contract yet.',
  },
  {
    file: 'docx/common-paper-design-partner-agreement.docx', title: 'Design Partner Agreement (Aurora Health Tech)', contractType: 'PARTNERSHIP', language: 'en', status: 'DRAFT',
    owner: 'member@hanbit.example', counterparties: [{ name: 'Aurora Health Tech' }], hashtags: ['제휴', '파일럿'], summary: 'First draft from the business team.',
  },
  {
    file: 'docx/common-paper-letter-of-intent.docx', title: 'Letter of Intent (Keystone Capital)', contractType: 'INVESTMENT', language: 'en', status: 'ACTIVE',
    owner: 'manager@hanbit.example', counterparties: [{ name: 'Keystone Capital Partners' }], hashtags: ['투자'], term: [-30, 60], summary: 'Exclusivity ends with the LOI.',
    reminder: { kind: 'END_DATE', title: 'Keystone LOI 독점 협상 기간 종료', daysBeforeEnd: 10 },
  },
  {
    file: 'docx/common-paper-amendment.docx', title: 'Amendment No. 1 (Orbit Data Systems)', contractType: 'AMENDMENT', language: 'en', status: 'SIGNED',
    owner: 'reviewer@hanbit.example', counterparties: [{ name: 'Orbit Data Systems' }], hashtags: ['라이선스'], term: [0, 365], summary: 'Transition services after the licence ended.',
  },
  {
    file: 'docx/common-paper-independent-contractor-agreement.docx', title: 'Independent Contractor Agreement (Jordan Lee)', contractType: 'SERVICE', language: 'en', status: 'ACTIVE',
    owner: 'assigner@hanbit.example', group: '재무 협업', counterparties: [{ name: 'Jordan Lee', isPerson: true }], hashtags: ['용역', '인사'],
    amount: ['18000', 'USD'], term: [-60, 75], summary: 'Translation and localisation work.',
  },
  {
    file: 'docx/openagreements-employment-offer-letter.docx', title: 'Employment Offer Letter (Alex Morgan)', contractType: 'EMPLOYMENT', language: 'en', status: 'ACTIVE',
    owner: 'manager@hanbit.example', counterparties: [{ name: 'Alex Morgan', isPerson: true }], hashtags: ['인사'], term: [-20, null], summary: 'US office hire.',
  },
  // CUAD v1 commercial contracts (CC BY 4.0): real EDGAR exhibits, PDF and plain text
  {
    file: 'cuad/curaegis-corporate-sponsorship.pdf', title: 'Corporate Sponsorship Agreement (CurAegis Technologies)', contractType: 'PARTNERSHIP', language: 'en', status: 'EXPIRED',
    owner: 'reviewer@hanbit.example', counterparties: [{ name: 'CurAegis Technologies, Inc.' }], hashtags: ['후원', 'CUAD'], term: [-900, -400], summary: 'Sponsorship; PDF of the EDGAR exhibit.',
  },
  {
    file: 'cuad/spi-energy-cooperation.pdf', title: 'Photovoltaic Project Cooperation Agreement (SPI Energy)', contractType: 'PARTNERSHIP', language: 'en', status: 'TERMINATED',
    owner: 'approver@hanbit.example', counterparties: [{ name: 'SPI Energy Co., Ltd.' }], hashtags: ['에너지', 'CUAD'], term: [-700, 300], summary: '50MWp grid-connected project.',
  },
  {
    file: 'cuad/neon-systems-distributor-amendment.pdf', title: 'Distributor Agreement Amendment (NEON Systems)', contractType: 'AMENDMENT', language: 'en', status: 'EXPIRED',
    owner: 'assigner@hanbit.example', group: '계약 검토팀', counterparties: [{ name: 'NEON Systems, Inc.' }], hashtags: ['대리점', 'CUAD'], term: [-1000, -300], summary: 'Amendment to a distributor agreement.',
  },
  {
    file: 'cuad/pcquote-co-branding.pdf', title: 'Co-Branding Agreement (PCQuote.com)', contractType: 'PARTNERSHIP', language: 'en', status: 'EXPIRED',
    owner: 'member@hanbit.example', counterparties: [{ name: 'PCQuote.com, Inc.' }], hashtags: ['제휴', 'CUAD'], term: [-800, -100], summary: 'Co-branded web content.',
  },
  {
    file: 'cuad/slovak-wireless-maintenance.pdf', title: 'Maintenance and Support Contract (Slovak Wireless)', contractType: 'SERVICE', language: 'en', status: 'ACTIVE',
    owner: 'manager@hanbit.example', group: '재무 협업', counterparties: [{ name: 'Slovak Wireless Finance Company B.V.' }], hashtags: ['유지보수', 'CUAD'],
    amount: ['250000', 'EUR'], term: [-700, 25], summary: 'SICAP modules support; ends within the month.',
    reminder: { kind: 'END_DATE', title: '유지보수 계약 종료: 후속 계약 여부 확인', daysBeforeEnd: 7 },
  },
  {
    file: 'cuad/healthgate-escrow.pdf', title: 'Escrow Agreement (HealthGate Data)', contractType: 'OTHER', language: 'en', status: 'ACTIVE',
    owner: 'otp@hanbit.example', counterparties: [{ name: 'HealthGate Data Corp.' }], hashtags: ['에스크로', 'CUAD'], term: [-500, 230], summary: 'Source code escrow.',
  },
  {
    file: 'cuad/scoutcam-services.txt', title: 'Services Agreement (ScoutCam)', contractType: 'SERVICE', language: 'en', status: 'IN_REVIEW',
    owner: 'otp@hanbit.example', counterparties: [{ name: 'ScoutCam Inc.' }], hashtags: ['용역', 'CUAD'], summary: 'Plain-text exhibit under review.',
  },
  {
    file: 'cuad/turnkey-strategic-alliance.txt', title: 'Strategic Alliance Agreement (Turnkey Capital)', contractType: 'PARTNERSHIP', language: 'en', status: 'IN_SIGNING',
    owner: 'manager@hanbit.example', counterparties: [{ name: 'Turnkey Capital, Inc.' }], hashtags: ['제휴', 'CUAD'], summary: 'Alliance terms agreed; waiting for the signatures.',
  },
  {
    file: 'cuad/legacy-education-endorsement.txt', title: 'Endorsement Agreement (Legacy Education Alliance)', contractType: 'OTHER', language: 'en', status: 'ACTIVE',
    owner: 'approver@hanbit.example', counterparties: [{ name: 'Legacy Education Alliance, Inc.' }], hashtags: ['광고', 'CUAD'], term: [-40, 325], summary: 'Celebrity endorsement.',
  },
  {
    file: 'cuad/creditcards-affiliate.txt', title: 'Affiliate Agreement (CreditCards.com)', contractType: 'PARTNERSHIP', language: 'en', status: 'TERMINATED',
    owner: 'manager@hanbit.example', group: '재무 협업', counterparties: [{ name: 'CreditCards.com, Inc.' }], hashtags: ['제휴', 'CUAD'], term: [-600, 120], summary: 'Affiliate marketing, terminated.',
  },
  {
    file: null, title: '2027년 법률자문 위임계약 (요청)', contractType: 'SERVICE', language: 'ko', status: 'DRAFT',
    owner: 'member@hanbit.example', counterparties: [{ name: '법무법인 가람' }], hashtags: ['법률자문'], watchers: ['lawyer@hanbit.example'],
    summary: '내년도 자문 범위와 보수 협의 전, 문서 없이 등록했습니다.',
  },
];

/** The second tenant: a few contracts of its own, so that isolation can be seen. */
const SAESOL: DemoContract[] = [
  {
    file: 'ko/11-joint-research-development.docx', title: '새솔소재–맑은식품 공동연구개발계약', contractType: 'PARTNERSHIP', language: 'ko', status: 'ACTIVE',
    owner: 'admin@saesol.example', counterparties: [{ name: '맑은식품 주식회사' }], hashtags: ['공동연구'], term: [-100, 500],
    governingLaw: KOREA, disputeResolutionMethod: 'ARBITRATION', ourPosition: 'PARTY_A', summary: '새솔소재가 갑인 공동연구개발계약.',
  },
  {
    file: 'ko/05-saas-subscription-agreement.docx', title: '영업관리 SaaS 이용계약', contractType: 'SERVICE', language: 'ko', status: 'ACTIVE',
    owner: 'member@saesol.example', group: '법무지원팀', counterparties: [{ name: '구름데이터 주식회사' }], hashtags: ['SaaS'], amount: ['12000000', 'KRW'], term: [-200, 70],
    summary: '영업팀 CRM 구독.', reminder: { kind: 'RENEWAL', title: 'SaaS 갱신 검토', daysBeforeEnd: 30 },
  },
  {
    file: 'ko/03-mutual-nda.docx', title: '해외 유통사 상호 비밀유지계약 (초안)', contractType: 'NDA', language: 'ko', status: 'DRAFT',
    owner: 'admin@saesol.example', counterparties: [{ name: 'Starlight Health Pte. Ltd.' }], hashtags: ['NDA'], summary: '검토 전 초안.',
  },
];

/** Per demo workspace: who registers (a contract admin, handing each contract to its owner) and what. */
export const DEMO_CONTRACT_WORKSPACES: ReadonlyArray<{ workspace: string; registrar: string; contracts: readonly DemoContract[] }> = [
  { workspace: 'hanbit', registrar: 'manager@hanbit.example', contracts: HANBIT },
  { workspace: 'saesol', registrar: 'admin@saesol.example', contracts: SAESOL },
];
