/** `/:workspaceName/ai-review`: start a review and the recent reviews. */
export function aiReviewPath(workspaceName: string): string {
  return `/${encodeURIComponent(workspaceName)}/ai-review`;
}

/** The recent reviews, under the start page (an anchor would not be a routed page of its own). */
export function aiReviewListPath(workspaceName: string): string {
  return `${aiReviewPath(workspaceName)}/reviews`;
}

export function aiReviewDetailPath(workspaceName: string, reviewId: number): string {
  return `${aiReviewPath(workspaceName)}/${reviewId}`;
}
