/**
 * Contract texts for the analysis tests (not a test file itself). The Korean ones are written for
 * these tests in the shapes Korean contracts take (the shared data holds no Korean contract); the
 * English ones are read from /work/shared/data (see its README): the Common Paper Mutual NDA
 * (CC BY 4.0, Copyright Common Paper, Inc.) and contracts of the CUAD development sample
 * (CC BY 4.0, The Atticus Project).
 */
import fs from 'node:fs';
import path from 'node:path';

/** shared/data/contracts beside the repository or one of its parents (a git worktree sits deeper than the main checkout). */
function sharedContractsFolder(): string {
  const besideRepository = path.resolve(import.meta.dirname, '../../../../../../../shared/data/contracts');
  for (let dir = path.resolve(import.meta.dirname, '../../../../../../..'); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', 'contracts');
    if (fs.existsSync(candidate)) return candidate;
  }
  return besideRepository;
}

export const SHARED_CONTRACTS = sharedContractsFolder();

export function sharedContract(relative: string): string {
  return fs.readFileSync(path.join(SHARED_CONTRACTS, relative), 'utf8');
}

export const CUAD_SERVICES = 'cuad-dev/txt/SCOUTCAMINC_05_12_2020-EX-10.22-SERVICES AGREEMENT.txt';
export const CUAD_DIR = 'cuad-dev/txt';
export const COMMON_PAPER_NDA = 'common-paper-mutual-nda/Mutual-NDA.md';

/** A software development service contract: 제N조 (제목), 금 ... 원정(₩...), the court of Seoul, signature blocks. */
export const KO_SERVICE = `소프트웨어 개발 용역계약서

주식회사 한빛소프트(이하 "갑"이라 한다)와 주식회사 새솔테크(이하 "을"이라 한다)는 "갑"의 고객관리 시스템 개발에 관하여 다음과 같이 용역계약을 체결한다.

제1조 (목적)
이 계약은 "갑"이 "을"에게 의뢰한 고객관리 시스템 개발 용역(이하 "용역"이라 한다)의 수행에 필요한 사항을 정함을 목적으로 한다.

제2조 (정의)
이 계약에서 사용하는 용어의 뜻은 다음과 같다.
1. "산출물"이란 "을"이 용역 수행 과정에서 작성한 소스코드, 설계서, 매뉴얼 등 일체의 결과물을 말한다.
2. "검수"란 "갑"이 산출물이 요구사항에 맞는지 확인하는 절차를 말한다.

제3조 (계약기간)
계약기간은 2025년 3월 1일부터 2025년 12월 31일까지로 한다. 다만, 당사자가 서면으로 합의한 경우 연장할 수 있다.

제4조 (계약금액 및 지급방법)
① 계약금액은 금 일억원정(₩100,000,000)으로 하며, 부가가치세는 별도로 한다.
② "갑"은 제7조에 따른 검수 완료 후 30일 이내에 계약금액을 "을"의 계좌로 지급한다.

제5조 (비밀유지)
"을"은 이 계약의 이행 중 알게 된 "갑"의 영업비밀 및 기술정보를 제3자에게 누설하여서는 아니 되며, 이 의무는 계약 종료 후 3년간 존속한다.

제6조 (지식재산권의 귀속)
용역 수행 결과 발생한 산출물에 대한 저작권 등 지식재산권은 "갑"에게 귀속한다.

제7조 (검수)
"갑"은 산출물을 받은 날부터 14일 이내에 검수를 마쳐야 한다.

제8조 (계약의 해지)
당사자 일방이 이 계약을 위반하고 상대방의 시정 요구를 받은 날부터 14일 이내에 시정하지 아니하면 상대방은 이 계약을 해지할 수 있다.

제9조 (손해배상)
당사자는 고의 또는 과실로 상대방에게 손해를 입힌 경우 그 손해를 배상하여야 한다. 다만, 손해배상액은 계약금액을 한도로 한다.

제10조 (권리의무의 양도 금지)
당사자는 상대방의 사전 서면 동의 없이 이 계약상의 권리 또는 의무를 제3자에게 양도하거나 담보로 제공할 수 없다.

제11조 (불가항력)
천재지변, 전쟁, 감염병의 유행 등 불가항력으로 인한 이행 지체에 대하여는 책임을 지지 아니한다.

제12조 (통지)
이 계약에 따른 통지는 서면으로 하며, 아래 기재된 주소로 발송한 때에 도달한 것으로 본다.

제13조 (준거법)
이 계약은 대한민국 법률에 따라 해석된다.

제14조 (분쟁의 해결)
이 계약과 관련하여 분쟁이 발생한 경우 서울중앙지방법원을 제1심 관할법원으로 한다.

제15조 (기타)
이 계약에 정하지 아니한 사항은 당사자가 협의하여 정하며, 협의가 되지 않으면 관계 법령과 일반 상관례에 따른다.

이 계약의 성립을 증명하기 위하여 계약서 2통을 작성하여 "갑"과 "을"이 기명날인한 후 각 1통씩 보관한다.

2025년 2월 20일

"갑"
상호: 주식회사 한빛소프트
주소: 서울특별시 중구 세종대로 110
사업자등록번호: 123-45-67890
대표이사 김민준 (인)

"을"
상호: 주식회사 새솔테크
주소: 경기도 성남시 분당구 판교역로 235
사업자등록번호: 220-81-12345
대표이사 이서연 (인)
`;

/** A commercial lease: spaced title, 제 N 조 [제목], amounts in 만원, a period given by its length, a standalone date. */
export const KO_LEASE = `상 가 임 대 차 계 약 서

임대인 홍길동(이하 "갑"이라 한다)과 임차인 주식회사 바른커피(이하 "을"이라 한다)는 아래 표시 부동산에 관하여 다음과 같이 임대차계약을 체결한다.

제 1 조 [목적]
"갑"은 서울특별시 마포구 양화로 45, 1층 101호(이하 "임대목적물"이라 한다)를 "을"에게 임대하고, "을"은 이를 임차한다.

제 2 조 [임대차기간]
임대차기간은 2025.04.01.부터 2년간으로 한다.

제 3 조 [보증금 및 차임]
① 임대차보증금은 5,000만원으로 하고, 계약 체결 시 전액을 지급한다.
② 월 차임은 금 이백오십만원정(2,500,000원)으로 하며(부가세 별도), 매월 말일에 지급한다.
③ "을"이 차임을 연체한 경우 연체된 금액에 대하여 연 12%의 지연손해금을 가산한다.

제 4 조 [계약의 해지]
"을"이 3기의 차임액에 달하도록 차임을 연체한 때에는 "갑"은 이 계약을 해지할 수 있다.

제 5 조 [원상회복]
임대차가 종료한 때에는 "을"은 임대목적물을 원상으로 회복하여 "갑"에게 반환한다.

제 6 조 [분쟁해결]
이 계약에 관한 분쟁은 임대목적물 소재지를 관할하는 법원을 관할법원으로 한다.

2025. 3. 15.

임대인(갑) 홍길동 (인)
임차인(을) 주식회사 바른커피 대표이사 최유진 (인)
`;

/** A mutual NDA, arbitration at the Korean Commercial Arbitration Board, and cross-references inside articles. */
export const KO_NDA = `비밀유지계약서

주식회사 가온바이오(이하 "갑"이라 한다)와 주식회사 누리데이터(이하 "을"이라 한다)는 공동연구 협의를 위하여 상호 제공하는 정보의 비밀유지에 관하여 다음과 같이 합의한다.

제1조(목적) 이 계약은 당사자가 공동연구 검토를 위하여 서로 제공하는 비밀정보의 보호에 필요한 사항을 정함을 목적으로 한다.
제2조(비밀정보의 정의) "비밀정보"란 일방 당사자가 상대방에게 제공하는 기술상, 경영상의 정보로서 비밀로 표시된 것을 말한다.
제3조(비밀유지의무) 각 당사자는 비밀정보를 제1조의 목적 외로 사용하여서는 아니 되며, 상대방의 사전 서면 동의 없이 제3자에게 공개하여서는 아니 된다.
제3조에 따른 의무는 이 계약이 종료된 후에도 2년간 존속한다.
제4조(유효기간) 이 계약의 유효기간은 2025-01-15부터 2026-01-14까지로 한다.
제5조(비밀정보의 반환) 각 당사자는 상대방의 요청이 있는 경우 비밀정보와 그 사본을 지체 없이 반환하거나 폐기한다.
제6조(손해배상) 당사자가 이 계약을 위반하여 상대방에게 손해를 입힌 경우 그 손해를 배상한다.
제7조(분쟁해결) 이 계약에 관한 분쟁은 대한상사중재원의 중재규칙에 따라 서울에서 중재로 최종 해결한다. 중재판정은 최종적이며 당사자 쌍방을 구속한다.

계약체결일: 2025년 1월 10일

갑: 주식회사 가온바이오
사업자등록번호 105-86-54321
대표이사 박지훈

을: 주식회사 누리데이터
사업자등록번호 214-87-98765
대표이사 정하늘
`;

/** A supply contract in English with Korean parties: Article N headings, USD, VAT excluded, laws of Korea, arbitration. */
export const EN_SUPPLY = `SUPPLY AGREEMENT

This Supply Agreement (the "Agreement") is made and entered into as of March 3, 2025 by and between Hanbit Electronics Co., Ltd., a company organized under the laws of the Republic of Korea ("Buyer"), and Pacific Components Inc., a California corporation ("Supplier").

ARTICLE 1. DEFINITIONS
"Products" means the electronic components listed in Exhibit A.

ARTICLE 2. TERM
This Agreement shall commence on April 1, 2025 and continue until March 31, 2027, unless terminated earlier under Article 6.

ARTICLE 3. PRICE AND PAYMENT
The total purchase price for the Products is USD 250,000 (VAT excluded), payable within thirty (30) days after receipt of each invoice.

ARTICLE 4. CONFIDENTIALITY
Each party shall keep confidential all non-public information received from the other party.

ARTICLE 5. INDEMNIFICATION
Supplier shall indemnify and hold harmless Buyer from any claims arising from defects in the Products.

ARTICLE 6. TERMINATION
Either party may terminate this Agreement upon sixty (60) days prior written notice.

ARTICLE 7. FORCE MAJEURE
Neither party shall be liable for delays caused by acts of God, war or other events beyond its reasonable control.

ARTICLE 8. GOVERNING LAW AND ARBITRATION
This Agreement shall be governed by the laws of the Republic of Korea. Any dispute shall be finally settled by arbitration in Seoul under the Rules of the Korean Commercial Arbitration Board.

IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.

Hanbit Electronics Co., Ltd.    Pacific Components Inc.
`;
