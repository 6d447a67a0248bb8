import { type ChatQueryBody, type ChatQueryDone, queryChat } from '@legal/api';
import { ApiError, postEventStream } from '../../lib/api';

/**
 * Asks a research question (chats/query/v3) and reads the answer as it streams: `delta` text
 * to `onDelta`, then the stored question and answer with their gated citations.
 */
export function streamResearchAnswer(
  body: ChatQueryBody,
  options: { onDelta: (text: string) => void; signal?: AbortSignal },
): Promise<ChatQueryDone> {
  return postEventStream(queryChat.path, body, {
    ...options,
    readDone: (data) => {
      const done = data as Partial<ChatQueryDone> | null;
      // A done event without the stored answer is a broken stream, not an empty answer.
      if (!done || typeof done.chatKey !== 'string' || !done.answer || !done.question) {
        throw new ApiError({ status: 200, code: 'ERROR_INTERNAL', message: '', path: queryChat.path });
      }
      return done as ChatQueryDone;
    },
  });
}
