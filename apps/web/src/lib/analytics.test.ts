import { describe, expect, it } from 'vitest';
import {
  OWN_EMAIL_DOMAIN,
  companyGroup,
  createAnalytics,
  createAnalyticsQueue,
  emailDomain,
} from './analytics';

describe('company group', () => {
  it('is the first 16 hex characters of the SHA-256 of the e-mail domain', async () => {
    await expect(companyGroup('minji@hanbit.co.kr')).resolves.toBe('5978389b9d27e997');
    await expect(companyGroup('Someone@Example.COM')).resolves.toBe('a379a6f6eeafb9a5');
  });

  it("keeps the product's own domain and unknown domains as they are", async () => {
    await expect(companyGroup(`ops@${OWN_EMAIL_DOMAIN}`)).resolves.toBe(OWN_EMAIL_DOMAIN);
    await expect(companyGroup('')).resolves.toBe('unknown');
    await expect(companyGroup(null)).resolves.toBe('unknown');
    await expect(companyGroup('no-at-sign')).resolves.toBe('unknown');
    await expect(companyGroup('trailing@')).resolves.toBe('unknown');
  });

  it('takes the part after the last @', () => {
    expect(emailDomain('"a@b"@corp.kr')).toBe('corp.kr');
  });
});

describe('analytics', () => {
  function setup(enabled = true) {
    const queue = createAnalyticsQueue(3);
    let isEnabled = enabled;
    const analytics = createAnalytics({ sink: queue, isEnabled: () => isEnabled, now: () => 1000 });
    return { queue, analytics, setEnabled: (v: boolean) => (isEnabled = v) };
  }

  it('queues identify and track events with the company group until drained', async () => {
    const { queue, analytics } = setup();
    await analytics.identify({ id: 41, email: 'minji@hanbit.co.kr' });
    analytics.track('contract.opened', { contractId: 9 });
    expect(queue.size).toBe(2);
    expect(queue.drain()).toEqual([
      { type: 'identify', userId: '41', companyGroup: '5978389b9d27e997', at: 1000 },
      { type: 'track', name: 'contract.opened', properties: { contractId: 9 }, userId: '41', companyGroup: '5978389b9d27e997', at: 1000 },
    ]);
    expect(queue.drain()).toEqual([]);
  });

  it('sends nothing while the theme flag sendAnalytics is off', async () => {
    const { queue, analytics, setEnabled } = setup(false);
    await analytics.identify({ id: 41, email: 'minji@hanbit.co.kr' });
    analytics.track('x');
    analytics.reset();
    expect(queue.drain()).toEqual([]);
    setEnabled(true);
    analytics.track('y');
    expect(queue.drain()).toEqual([expect.objectContaining({ type: 'track', name: 'y', userId: null })]);
  });

  it('forgets the user on reset (sign-out)', async () => {
    const { queue, analytics } = setup();
    await analytics.identify({ id: 41, email: 'minji@hanbit.co.kr' });
    analytics.reset();
    analytics.track('after');
    expect(queue.drain().slice(1)).toEqual([
      { type: 'reset', at: 1000 },
      { type: 'track', name: 'after', properties: {}, userId: null, companyGroup: null, at: 1000 },
    ]);
  });

  it('does not let an identify that resolves after a reset bring the user back', async () => {
    const { queue, analytics } = setup();
    const pending = analytics.identify({ id: 41, email: 'minji@hanbit.co.kr' });
    analytics.reset();
    await pending;
    analytics.track('after');
    expect(queue.drain()).toEqual([expect.objectContaining({ type: 'track', userId: null })]);
  });

  it('keeps only the newest events when the queue is full', () => {
    const { queue, analytics } = setup();
    for (const name of ['a', 'b', 'c', 'd']) analytics.track(name);
    expect(queue.drain().map((e) => (e.type === 'track' ? e.name : e.type))).toEqual(['b', 'c', 'd']);
  });
});
