import type { APIRequestContext } from '@playwright/test';

/** The id of the newest dev-mailbox message to `to` (0 when none), to wait for a newer one. */
export async function lastMailId(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get(`/api/dev/mailbox/v1?to=${encodeURIComponent(to)}`);
  return (await res.json()).data.content[0]?.id ?? 0;
}

/** The six-digit one-time code of the first message to `to` newer than `after` (polls the dev mailbox). */
export async function latestCode(request: APIRequestContext, to: string, after: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/dev/mailbox/v1?to=${encodeURIComponent(to)}`);
    const [message] = (await res.json()).data.content as Array<{ id: number; text: string }>;
    const code = message && message.id > after ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no one-time code mailed to ${to}`);
}
