import { reviewChat } from '@legal/api';
import { postEventStream } from '../../lib/api';

/** ReviewChatSentenceSchema of the contract: a sentence and the clause it rests on. */
export interface ReviewChatSentence {
  text: string;
  clause: { heading: string | null; startOffset: number; endOffset: number } | null;
}
export interface ReviewChatAnswer {
  sentences: ReviewChatSentence[];
  creditsCharged: number;
}
export interface ReviewChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * POST review-chat/v2 read as it streams (postEventStream): `delta` events go to `onDelta`, the
 * `done` event resolves; a failure before the stream or an `error` event rejects with an ApiError.
 */
export function streamReviewChat(
  input: { reviewId: number; question: string; history: ReviewChatTurn[] },
  options: { onDelta: (text: string) => void; signal?: AbortSignal; fetchImpl?: typeof fetch },
): Promise<ReviewChatAnswer> {
  return postEventStream(reviewChat.path, input, {
    ...options,
    readDone: (data) => {
      const done = (data ?? {}) as Partial<ReviewChatAnswer>;
      return { sentences: Array.isArray(done.sentences) ? done.sentences : [], creditsCharged: Number(done.creditsCharged ?? 0) };
    },
  });
}
