import type { ChatQueryBody, ChatQueryDone, DocumentCitation, Locale, ResearchCitation, SourceCitation, SourceKind } from '@legal/api';
import type { FastifyReply } from 'fastify';
import type { AiProvider } from '../../platform/ai/provider';
import type { Db } from '../../platform/db/client';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { aiErrorToAppError, estimateCredits, meteredAiCall, requireAiService, resolveAiProvider } from '../ai';
import { questionGeneralCategories } from './admin/general-categories.service';
import { researchConfigOf } from './admin/research-configs.service';
import { answerablePassages, bestParagraph, citationFromPassage, DECLINE_TEXT, extractiveAnswer, GROUNDED_SYSTEM_PROMPT, groundedPrompt, tuningOf } from './answer';
import { CitationGate } from './citation-gate';
import { chatDocumentCitations, extractiveDocumentAnswer } from './collections/collection-answer';
import { ATTACHMENTS_LABEL, attachmentCollectionOf } from './attachments/chat-attachments.service';
import { type ChatRow, ownChat, type StoredAnswer, storeExchange } from './chats.repo';
import { filterOf } from './user/recent-filters.service';
import { indexProgress } from './passage-index';
import { koreanToday, requireResearchUse } from './research.policy';
import { questionVectorsFor } from './question-vectors';
import { queryTerms, retrievePassages, type RetrievalResult, type ScoredPassage } from './retrieval';
import { chatSourceCitations, extractiveSourceAnswer } from './sources/source-answer';
import { sseEvent, startEventStream } from '../../platform/http/event-stream';


/** Where answer text goes as it is gated: the SSE response, or (evaluation) nowhere. */
export type DeltaSink = (text: string) => void;

export interface GatedAnswer extends StoredAnswer {
  /** Credits the answer cost (0 for the built-in engine). */
  creditsCharged: number;
}

/**
 * The built-in answer: the answerable passages quoted, their headings and the lead sentence passed
 * through the gate, their quotes checked as citations. Declines when nothing is answerable.
 */
export async function builtInAnswer(db: Db, retrieval: RetrievalResult, locale: Locale, today: string, write: DeltaSink): Promise<GatedAnswer> {
  const chosen = answerablePassages(retrieval);
  if (chosen.length === 0) return declined(retrieval.asOf, locale, write);
  const terms = queryTerms(retrieval.understood);
  const proposed = chosen.map((p) => citationFromPassage(p, bestParagraph(p.text, terms)));
  const gate = new CitationGate(db, retrieval.asOf, today, chosen[0]!.lawId);
  const citations = await gate.gateCitations(proposed);
  if (citations.length === 0) return { ...declined(retrieval.asOf, locale, write), correctedReferences: gate.removed };
  let text = '';
  for (const piece of extractiveAnswer(citations, retrieval.asOf, today, locale)) {
    const chunk = (await gate.pass(piece.prose)) + (piece.quote ?? '');
    text += chunk;
    write(chunk);
  }
  return { text, asOf: retrieval.asOf, citations, declined: false, correctedReferences: gate.removed, engine: 'BUILT_IN', creditsCharged: 0 };
}

/**
 * No statute answers but other sources do: the precedents, rules and ordinances quoted, then the
 * team's document pages (nothing for the statute gate to pass; each was gated as its own kind).
 */
function othersOnlyAnswer(sources: SourceCitation[], documents: DocumentCitation[], asOf: string, locale: Locale, write: DeltaSink): GatedAnswer {
  const text = sources.length > 0
    ? extractiveSourceAnswer(sources, locale, { afterStatutes: false }) + (documents.length > 0 ? extractiveDocumentAnswer(documents, locale, { afterStatutes: true }) : '')
    : extractiveDocumentAnswer(documents, locale, { afterStatutes: false });
  write(text);
  return { text, asOf, citations: [], documentCitations: documents, sourceCitations: sources, declined: false, correctedReferences: 0, engine: 'BUILT_IN', creditsCharged: 0 };
}

function declined(asOf: string, locale: Locale, write: DeltaSink): GatedAnswer {
  write(DECLINE_TEXT[locale]);
  return { text: DECLINE_TEXT[locale], asOf, citations: [], declined: true, correctedReferences: 0, engine: 'BUILT_IN', creditsCharged: 0 };
}

/** The end of the last whole sentence in a buffer (text after it may still grow a reference). */
function sentenceEnd(buffer: string): number {
  let end = -1;
  for (const m of buffer.matchAll(/[.!?。](?=\s)|\n/gu)) end = (m.index ?? 0) + m[0].length;
  return end;
}

/**
 * A model's streamed answer over the answerable passages, gated sentence by sentence before any of
 * it is written: a reference that does not resolve in the version in force on asOf never leaves.
 * The citations are the references that resolved.
 */
export async function modelAnswer(
  services: AppServices,
  scope: { tenantId: number; workspaceId: number; userId: number },
  question: string,
  retrieval: RetrievalResult,
  locale: Locale,
  today: string,
  options: { signal?: AbortSignal; onFirst?: () => void; write: DeltaSink },
): Promise<GatedAnswer> {
  const chosen = answerablePassages(retrieval);
  const userMessage = groundedPrompt(question, chosen, retrieval.asOf);
  const credits = estimateCredits('RESEARCH_CHAT', { driver: 'OPENAI_COMPATIBLE', textLength: userMessage.length, items: chosen.length });
  const gate = new CitationGate(services.db, retrieval.asOf, today, chosen[0]!.lawId);
  const { value, creditsCharged } = await meteredAiCall(
    services,
    scope,
    { feature: 'RESEARCH_CHAT', credits, reference: 'research:chat', promptKey: 'research.chat', language: locale, signal: options.signal },
    async ({ provider, prompt, signal }) => {
      const stream = provider.streamChat({ signal, messages: [{ role: 'system', content: prompt?.text ?? GROUNDED_SYSTEM_PROMPT }, { role: 'user', content: userMessage }] })[Symbol.asyncIterator]();
      // The first event decides: a provider that fails before answering gets the JSON error, not a stream.
      let next = await stream.next();
      options.onFirst?.();
      let buffer = '';
      let text = '';
      let model: string | null = provider.chatModel;
      let usage;
      const flush = async (upTo: number) => {
        const gated = await gate.pass(buffer.slice(0, upTo));
        buffer = buffer.slice(upTo);
        if (gated) {
          text += gated;
          options.write(gated);
        }
      };
      for (; !next.done; next = await stream.next()) {
        const event = next.value;
        if (event.type === 'delta') {
          buffer += event.text;
          const end = sentenceEnd(buffer);
          if (end > 0) await flush(end);
        } else {
          model = event.result.model;
          usage = event.result.usage;
        }
      }
      await flush(buffer.length);
      return { value: text, usage, model };
    },
  );
  return { text: value, asOf: retrieval.asOf, citations: gate.citations as ResearchCitation[], declined: false, correctedReferences: gate.removed, engine: 'MODEL', creditsCharged };
}

/**
 * chats/query/v3: the answer as text/event-stream (delta events, then done with the stored
 * messages). Everything refusable (401, 403, 404, 402) is refused before the stream starts, as JSON.
 */
export async function queryChat(services: AppServices, ctx: RequestContext, body: ChatQueryBody, reply: FastifyReply) {
  const { scope, userId } = requireResearchUse(ctx);
  await requireAiService(services.db, scope, 'LEGAL_RESEARCH');
  const config = await researchConfigOf(services.db, scope);
  if (body.categoryIds?.length && !config.collectionsInChat) {
    throw new AppError('ERROR_FORBIDDEN', {
      message: { ko: '이 워크스페이스에서는 채팅에서 컬렉션을 검색하지 않도록 설정되어 있습니다.', en: 'Chats in this workspace do not search collections.' },
      data: { reason: 'COLLECTIONS_DISABLED_IN_CHAT' },
    });
  }
  const kinds = await questionGeneralCategories(services.db, scope, body.generalCategories);
  const chat: ChatRow | null = body.chatKey ? await ownChat(services.db, scope, userId, body.chatKey) : null;
  const today = koreanToday();
  const tuning = tuningOf(config);
  const searchesStatutes = kinds.includes('STATUTE');
  const vectors = searchesStatutes ? await questionVectorsFor(services, scope) : null;
  const retrieval = await retrievePassages(services.db, {
    question: body.question, asOf: body.asOf, statuteIds: body.statuteIds, limit: config.topK, today, tuning, searchesStatutes, vectors,
  });
  // The team's collections asked for (each visible, else 404 before the stream) and the chat's attachments: their pages that answer, gated.
  const attached = chat ? await attachmentCollectionOf(services.db, scope, chat.id) : null;
  const documentCitations: DocumentCitation[] = body.categoryIds?.length || attached
    ? await chatDocumentCitations(services.db, scope, userId, {
        categoryIds: body.categoryIds ?? [], question: body.question, today, attached: attached ? { collectionId: attached.id, label: ATTACHMENTS_LABEL[ctx.locale] } : null, limit: config.topK, tuning,
      })
    : [];
  const sourceCitations = await chatSourceCitations(services.db, { question: body.question, kinds: kinds.filter((k) => k !== 'STATUTE') as SourceKind[], today, limit: config.topK, tuning });
  const provider: AiProvider = await resolveAiProvider(services, scope);
  const statutesAnswer = answerablePassages(retrieval).length > 0;
  const useModel = config.answerEngine === 'MODEL' && provider.canGenerate && statutesAnswer;

  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startEventStream(reply);
  };
  const write: DeltaSink = (text) => {
    start();
    if (text) reply.raw.write(sseEvent('delta', { text }));
  };
  try {
    const answer: GatedAnswer = !statutesAnswer && (sourceCitations.length > 0 || documentCitations.length > 0)
      ? othersOnlyAnswer(sourceCitations, documentCitations, retrieval.asOf, ctx.locale, write)
      : useModel
        ? await modelAnswer(services, { ...scope, userId }, body.question, retrieval, ctx.locale, today, { signal: abort.signal, onFirst: start, write })
        : await builtInAnswer(services.db, retrieval, ctx.locale, today, write);
    if (statutesAnswer && !answer.declined) {
      // After the statutes: the precedents, rules and ordinances, then the team's documents, quoted verbatim.
      const extra =
        (sourceCitations.length > 0 ? extractiveSourceAnswer(sourceCitations, ctx.locale, { afterStatutes: true }) : '') +
        (documentCitations.length > 0 ? extractiveDocumentAnswer(documentCitations, ctx.locale, { afterStatutes: true }) : '');
      if (extra) write(extra);
      answer.text += extra;
      answer.sourceCitations = sourceCitations;
      answer.documentCitations = documentCitations;
    }
    const { creditsCharged, ...stored } = answer;
    const saved = await storeExchange(services.db, scope, userId, chat, body.question, stored, filterOf(body));
    const done: ChatQueryDone = { chatKey: saved.chat.chatKey, question: saved.question, answer: saved.answer, creditsCharged, index: await indexProgress(services.db, vectors?.model ?? null) };
    start();
    reply.raw.write(sseEvent('done', done));
    reply.raw.end();
  } catch (err) {
    if (!started) throw aiErrorToAppError(err);
    const mapped = aiErrorToAppError(err);
    const code = mapped instanceof AppError ? mapped.code : 'ERROR_INTERNAL';
    const message = mapped instanceof AppError ? mapped.messageFor(ctx.locale) : 'error';
    if (!mapped || !(mapped instanceof AppError)) services.logger.error({ err }, 'research answer failed mid-stream');
    if (!reply.raw.writableEnded) {
      reply.raw.write(sseEvent('error', { code, message }));
      reply.raw.end();
    }
  }
}

export type { ScoredPassage };
