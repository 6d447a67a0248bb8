import type { AdvisoryDraft, CreateInquiryBody, InquiryDetail, InquirySummary, ListInquiriesQuerySchema, SimilarInquiry } from '@legal/api';
import { and, count, desc, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { inScope } from '../../../platform/db/tenancy';
import { likePattern } from '../../../platform/db/sorting';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { aiErrorToAppError, requireAiService, resolveAiProvider } from '../../ai';
import { enabledGeneralCategories } from '../admin/general-categories.service';
import { researchConfigOf } from '../admin/research-configs.service';
import { answerablePassages, tuningOf } from '../answer';
import { builtInAnswer, type GatedAnswer, modelAnswer } from '../chat-answer.service';
import { koreanToday, requireResearchUse } from '../research.policy';
import { questionVectorsFor } from '../question-vectors';
import { retrievePassages } from '../retrieval';
import { draftDto, draftsOf, inquiryDto, type InquiryRow, similarInquiries, workspaceInquiry } from './advisory.repo';
import { advisoryDrafts, advisoryInquiries } from './advisory.table';

export async function createInquiry(services: AppServices, ctx: RequestContext, body: CreateInquiryBody): Promise<InquirySummary> {
  const { scope, userId } = requireResearchUse(ctx);
  const row = await services.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(advisoryInquiries)
      .values({ ...scope, title: body.title, question: body.question, answer: body.answer ?? null, asOf: body.asOf ?? null, createdByUserId: userId })
      .returning();
    await recordAudit(tx, { type: 'research.inquiry_created', data: { inquiryId: inserted!.id, title: inserted!.title, answered: inserted!.answer !== null } }, { ...auditMetaOf(ctx, userId), ...scope });
    return inserted!;
  });
  return inquiryDto(row);
}

export async function listInquiries(services: AppServices, ctx: RequestContext, query: z.output<typeof ListInquiriesQuerySchema>) {
  const { scope } = requireResearchUse(ctx);
  const keyword = query.searchKeyword ? likePattern(query.searchKeyword) : null;
  const where = and(inScope(advisoryInquiries, scope), keyword ? or(ilike(advisoryInquiries.title, keyword), ilike(advisoryInquiries.question, keyword)) : undefined);
  const [rows, [total]] = await Promise.all([
    services.db.select().from(advisoryInquiries).where(where).orderBy(desc(advisoryInquiries.createdAt), desc(advisoryInquiries.id)).limit(query.size).offset(query.page * query.size),
    services.db.select({ n: count() }).from(advisoryInquiries).where(where),
  ]);
  const totalElements = Number(total?.n ?? 0);
  return { content: rows.map(inquiryDto), page: query.page, size: query.size, totalElements, totalPages: Math.ceil(totalElements / query.size) };
}

export async function getInquiry(services: AppServices, ctx: RequestContext, inquiryId: number): Promise<InquiryDetail> {
  const { scope } = requireResearchUse(ctx);
  const inquiry = await workspaceInquiry(services.db, scope, inquiryId);
  const [drafts, similar] = await Promise.all([draftsOf(services.db, scope, inquiry.id), similarInquiries(services.db, scope, inquiry)]);
  return { ...inquiryDto(inquiry), drafts, similar };
}

const restated = (inquiry: InquiryRow) => `${inquiry.title}\n${inquiry.question}`;

/**
 * What the model reads besides the statute passages: the question, then the team's earlier answers
 * to similar questions, marked as precedent of the team (not law), so it cites articles only from
 * the passages.
 */
function modelQuestion(inquiry: InquiryRow, similar: readonly SimilarInquiry[]): string {
  const precedents = similar.map((s, i) => `(${i + 1}) ${s.title}\n질문: ${s.question}\n답변: ${s.answer ?? ''}`).join('\n\n');
  const question = `${restated(inquiry)}\n\n위 질의에 대한 법무팀 회신 초안을 작성하세요.`;
  return precedents ? `${question}\n\n참고: 우리 법무팀의 유사 자문 답변 (법령이 아니므로 조문 근거로 인용하지 마세요)\n${precedents}` : question;
}

/**
 * A draft reply: the built-in engine's outline (restated question, the articles that passed the
 * citation gate, the answered similar inquiries) or, with a configured model and an answerable
 * question, a grounded text whose article references were gated as the chat's are.
 */
export async function draftReply(services: AppServices, ctx: RequestContext, inquiryId: number): Promise<AdvisoryDraft> {
  const { scope, userId } = requireResearchUse(ctx);
  await requireAiService(services.db, scope, 'LEGAL_RESEARCH');
  const inquiry = await workspaceInquiry(services.db, scope, inquiryId);
  const similar = (await similarInquiries(services.db, scope, inquiry)).filter((s) => s.answer !== null);
  const today = koreanToday();
  const config = await researchConfigOf(services.db, scope);
  const searchesStatutes = (await enabledGeneralCategories(services.db, scope)).includes('STATUTE');
  const vectors = searchesStatutes ? await questionVectorsFor(services, scope) : null;
  const retrieval = await retrievePassages(services.db, { question: restated(inquiry), asOf: inquiry.asOf ?? undefined, limit: config.topK, today, tuning: tuningOf(config), searchesStatutes, vectors });
  const provider = await resolveAiProvider(services, scope);
  const ignore = () => undefined;
  let answer: GatedAnswer;
  try {
    answer =
      config.answerEngine === 'MODEL' && provider.canGenerate && answerablePassages(retrieval).length > 0
        ? await modelAnswer(services, { ...scope, userId }, modelQuestion(inquiry, similar), retrieval, ctx.locale, today, { write: ignore })
        : await builtInAnswer(services.db, retrieval, ctx.locale, today, ignore);
  } catch (err) {
    throw aiErrorToAppError(err);
  }
  const row = await services.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(advisoryDrafts)
      .values({
        ...scope, inquiryId: inquiry.id, engine: answer.engine, question: restated(inquiry), asOf: answer.asOf,
        // The built-in outline is its fields; its extractive lead sentence would only repeat them.
        text: answer.engine === 'MODEL' ? answer.text : null,
        citations: answer.citations, similar, correctedReferences: answer.correctedReferences, creditsCharged: answer.creditsCharged, createdByUserId: userId,
      })
      .returning();
    await recordAudit(
      tx,
      { type: 'research.advisory_drafted', data: { inquiryId: inquiry.id, draftId: inserted!.id, engine: answer.engine, citations: answer.citations.length, correctedReferences: answer.correctedReferences } },
      { ...auditMetaOf(ctx, userId), ...scope },
    );
    return inserted!;
  });
  return draftDto(row);
}
