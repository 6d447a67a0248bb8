import { createHash } from 'node:crypto';
import type { AppServices } from '../../../platform/services';
import { reviewEngineThread } from '../engine/engine-off-thread';
import type { TextLabels } from '../engine/engine-worker';

/**
 * The clause labels and language of a revision's text for the out-of-domain check of an estimate
 * and a start (issue 15): segmenting a 30-page text took ~19 ms of the request thread at each of
 * them. The labels are computed on the engine's worker thread and kept, a few hundred texts at
 * most, under the text's own digest (SHA-256 of its UTF-8 bytes), not the revision's id:
 * they are a pure function of the text, and a text that changed (a re-extraction) has another
 * digest, so it can never be answered from an entry of the old one.
 */
export const TEXT_LABELS_KEPT = 256;

const kept = new Map<string, Promise<TextLabels>>();

/** The key of a text, as `REVISION_TEXT_DIGEST` (review-source.ts) gives it in the database. */
export function textDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The labels of the text whose digest is `digest` (textDigest, read with the revision), from the kept ones or else computed from `readText()`. A computed entry
 * is kept under the digest of the text actually read: if the text changed since `digest` was read,
 * the answer is the new text's and `digest` stays unanswered.
 */
export async function textLabels(services: AppServices, digest: string, readText: () => Promise<string>): Promise<TextLabels> {
  const hit = kept.get(digest);
  if (hit) {
    // The most recently used last: the oldest is dropped first.
    kept.delete(digest);
    kept.set(digest, hit);
    return hit;
  }
  const text = await readText();
  const own = textDigest(text);
  const labelled = kept.get(own) ?? keep(own, reviewEngineThread(services).labels(text));
  return labelled;
}

function keep(digest: string, labelled: Promise<TextLabels>): Promise<TextLabels> {
  kept.set(digest, labelled);
  if (kept.size > TEXT_LABELS_KEPT) kept.delete(kept.keys().next().value!);
  // A failure (the thread timed out, say) is not kept: the next request tries again.
  labelled.catch(() => {
    if (kept.get(digest) === labelled) kept.delete(digest);
  });
  return labelled;
}
