import type { ResearchTranslation, TranslateResearchBody } from '@legal/api';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { aiErrorToAppError, requireAiService, resolveAiProvider, translateSegments } from '../ai';
import { ownMessage } from './chats.repo';
import { requireResearchUse } from './research.policy';

/**
 * translations/v1: a research answer (or any text) ko<->en, paragraph by paragraph, through the AI
 * platform's translation (the code path AI review's translations/v1 runs: one charged call, a call
 * record, structured output per paragraph). The built-in engine writes no free text: 503
 * ERROR_AI_PROVIDER_NOT_CONFIGURED before anything is charged.
 */

/** The system message while no `research.translation` prompt is stored (super-admin prompts). */
const RESEARCH_TRANSLATION_PROMPT =
  'You translate Korean legal research answers between Korean and English. The user message gives the target language and the paragraphs, each with an id. ' +
  'Translate each paragraph on its own and return it under the same id; never merge, split or drop paragraphs. Keep article references exact ' +
  '(「민법」 제4조 ① -> Article 4 (1) of the Civil Act, and back), dates and numbers as written, and use the official English names of statutes where they exist. ' +
  'Quoted statute text is translated faithfully; add nothing and leave nothing out. Answer only with output matching the given JSON schema.';

const paragraphsOf = (text: string) => text.split(/\n\s*\n/u).map((p) => p.trim()).filter(Boolean);

export async function translateResearch(services: AppServices, ctx: RequestContext, body: TranslateResearchBody): Promise<ResearchTranslation> {
  const { scope, userId } = requireResearchUse(ctx);
  await requireAiService(services.db, scope, 'LEGAL_RESEARCH');
  await requireAiService(services.db, scope, 'TRANSLATION');
  const message = body.text === undefined ? await ownMessage(services.db, scope, userId, body.chatKey!, body.chatMessageKey!) : null;
  const provider = await resolveAiProvider(services, scope);
  if (!provider.canGenerate) throw new AppError('ERROR_AI_PROVIDER_NOT_CONFIGURED');
  const paragraphs = paragraphsOf(message?.text ?? body.text!);
  try {
    const { texts, model, creditsCharged } = await translateSegments(services, { ...scope, userId }, {
      segments: paragraphs,
      targetLanguage: body.targetLanguage,
      reference: message ? `research:${body.chatKey}:${body.chatMessageKey}:translation` : 'research:translation',
      promptKey: 'research.translation',
      fallbackPrompt: RESEARCH_TRANSLATION_PROMPT,
    });
    return {
      targetLanguage: body.targetLanguage, text: texts.join('\n\n'), paragraphs: paragraphs.map((source, i) => ({ source, text: texts[i]! })), model, creditsCharged,
    };
  } catch (err) {
    throw aiErrorToAppError(err);
  }
}
