/** Helpers for the AI review tests (not a test file itself). */
import type { LegalBasis } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TestApp } from '../../test/harness';
import { waitFor } from '../../test/harness';
import { type Person, uploadFile } from '../contracts/contracts.test-support';
import { fileRevisions, files } from '../files';
import { aiReviewFindings } from './ai-review.table';

/**
 * A Korean service contract with two problems for the supplier (을): payment 90 days after
 * acceptance (playbook: at most 60), and the client may terminate at any time. Its liability is capped.
 */
export const KO_SERVICE_CONTRACT = `소프트웨어 개발 용역계약서

주식회사 한빛소프트(이하 "갑"이라 한다)와 주식회사 새솔테크(이하 "을"이라 한다)는 다음과 같이 용역계약을 체결한다.

제1조 (목적)
이 계약은 "갑"이 "을"에게 의뢰한 고객관리 시스템 개발 용역의 수행에 필요한 사항을 정함을 목적으로 한다.

제2조 (계약기간)
계약기간은 2025년 3월 1일부터 2025년 12월 31일까지로 한다.

제3조 (계약금액 및 지급방법)
① 계약금액은 금 일억원정(₩100,000,000)으로 하며, 부가가치세는 별도로 한다.
② "갑"은 검수 완료 후 90일 이내에 계약금액을 "을"의 계좌로 지급한다.

제4조 (비밀유지)
"을"은 이 계약의 이행 중 알게 된 "갑"의 영업비밀을 제3자에게 누설하여서는 아니 되며, 이 의무는 계약 종료 후 3년간 존속한다.

제5조 (계약의 해지)
"갑"은 언제든지 이 계약을 해지할 수 있다.

제6조 (손해배상)
당사자는 고의 또는 과실로 상대방에게 손해를 입힌 경우 그 손해를 배상하여야 한다. 다만, 손해배상액은 계약금액을 한도로 한다.

제7조 (분쟁의 해결)
이 계약과 관련하여 분쟁이 발생한 경우 서울중앙지방법원을 제1심 관할법원으로 한다.

2025년 2월 20일
`;

/** Uploads a text file and waits until its text is extracted. */
export async function uploadContractText(t: TestApp, who: Person, text = KO_SERVICE_CONTRACT, name = '용역계약서.txt'): Promise<string> {
  const fileKey = await uploadFile(t, who, Buffer.from(text, 'utf8'), name);
  await waitFor(async () => {
    const [row] = await t.services.db
      .select({ status: fileRevisions.extractionStatus })
      .from(fileRevisions)
      .innerJoin(files, eq(files.id, fileRevisions.fileId))
      .where(eq(files.fileKey, fileKey));
    return row?.status === 'DONE';
  }, 60_000, 100);
  return fileKey;
}

/**
 * The first finding of a review, its legal basis replaced: a finding as it was stored when its
 * articles resolved in an older version of their statute (statute-change alerts).
 */
export async function rebaseFinding(t: TestApp, scope: { tenantId: number; workspaceId: number }, reviewId: number, legalBasis: LegalBasis[]): Promise<number> {
  const [finding] = await t.services.db.select().from(aiReviewFindings).where(and(inScope(aiReviewFindings, scope), eq(aiReviewFindings.reviewId, reviewId))).limit(1);
  if (!finding) throw new Error(`review ${reviewId} has no finding`);
  await t.services.db.update(aiReviewFindings).set({ legalBasis }).where(eq(aiReviewFindings.id, finding.id));
  return finding.id;
}
