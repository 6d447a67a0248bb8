import { chromium, type FullConfig } from '@playwright/test';
import { waitForCorpus } from './support/research';
import { signIn } from './support/workspace';

/**
 * A fresh server imports and indexes the statute corpus in its first minutes (jobs that take
 * turns with requests). The journeys start once that is done, so that none of them runs against a
 * server still busy with it and their timings stay comparable between runs; the research journeys
 * also need the whole corpus. The wait is measured and printed.
 */
export default async function globalSetup(config: FullConfig) {
  const { baseURL, launchOptions } = config.projects[0]!.use;
  const started = Date.now();
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ baseURL, locale: 'ko-KR' });
    await signIn(page, 'admin@hanbit.example');
    await waitForCorpus(page);
  } finally {
    await browser.close();
  }
  console.log(`global setup: the statute corpus was imported and indexed after ${Math.round((Date.now() - started) / 1000)} s`);
}
