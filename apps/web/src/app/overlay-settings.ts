/** Where toasts stack and how many show at once (the rest wait in the queue). */
export const NOTIFICATIONS_POSITION = 'top-right';
export const NOTIFICATIONS_LIMIT = 4;
