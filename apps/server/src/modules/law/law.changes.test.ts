import { describe, expect, it } from 'vitest';
import { articleChange, type ComparedArticle, comparableText, movedTo } from './law.changes';
import { readStatuteSource, shippedCatalogue } from './law.data';
import { parseStatute } from './law.parser';

// What counts as a change of an article between two versions (the statute-change alerts and AI
// review's legal bases rest on it). Pure: real versions of 민법 from the history corpus, parsed.

async function articlesOf(lawSerialNumber: string): Promise<Map<string, ComparedArticle>> {
  const entry = shippedCatalogue().find((e) => e.lawSerialNumber === lawSerialNumber)!;
  const parsed = parseStatute(await readStatuteSource(entry));
  const byKey = new Map<string, ComparedArticle>();
  for (const a of parsed.articles) {
    if (!a.isAddendum && !byKey.has(a.key)) byKey.set(a.key, { article: a.key, title: a.title, text: a.text, isDeleted: a.isDeleted, amendmentNotes: a.amendmentNotes });
  }
  return byKey;
}

const article = (key: string, text: string, over: Partial<ComparedArticle> = {}): ComparedArticle => ({ article: key, title: null, text, isDeleted: false, amendmentNotes: [], ...over });

describe('article changes between versions', () => {
  it('민법 2009 -> 2013-07-01 (법령MST 93194 -> 110914): 제4조 changed, 제3조 not', async () => {
    const [before, after] = [await articlesOf('93194'), await articlesOf('110914')];
    expect(articleChange(before.get('제4조')!, after.get('제4조')!)).toBe('CHANGED');
    expect(articleChange(before.get('제3조')!, after.get('제3조')!)).toBeNull();
  });

  it('a change only in the amendment notes is no change (민법 제899조, 110914 -> 113180)', async () => {
    const [before, after] = [(await articlesOf('110914')).get('제899조')!, (await articlesOf('113180')).get('제899조')!];
    expect(before.amendmentNotes).not.toEqual(after.amendmentNotes);
    expect(articleChange(before, after)).toBeNull();
  });

  it('ignores re-wrapped white space; tells a deletion, a removal, and nothing for what was never in force', () => {
    expect(comparableText('  ① 갑은\n  을에게  지급한다. ')).toBe('① 갑은 을에게 지급한다.');
    expect(articleChange(article('제1조', '갑은\n을에게 지급한다.'), article('제1조', '갑은 을에게 지급한다. '))).toBeNull();
    expect(articleChange(article('제1조', '갑은 지급한다.'), article('제1조', '삭제', { isDeleted: true }))).toBe('DELETED');
    expect(articleChange(article('제1조', '갑은 지급한다.'), null)).toBe('REMOVED');
    expect(articleChange(null, article('제1조', '새 조문'))).toBeNull();
    expect(articleChange(article('제1조', '삭제', { isDeleted: true }), null)).toBeNull();
  });

  it('finds where a removed article went: a [종전 … 이동] note, else the same text under a new number', () => {
    const gone = article('제4조', '이 법은 시험을 목적으로 한다.');
    const before = new Map([['제4조', gone], ['제5조', article('제5조', '다른 조문')]]);
    const byNote = new Map([['제5조', article('제5조', '이 법은 시험을 목적으로 한다. 다만, 예외가 있다.', { amendmentNotes: ['[종전 제4조는 제5조로 이동 <2021.12.28>]'] })]]);
    expect(movedTo(gone, before, byNote)).toBe('제5조');
    const byText = new Map([['제5조', article('제5조', '다른 조문')], ['제6조', article('제6조', '이 법은  시험을 목적으로 한다.')]]);
    expect(movedTo(gone, before, byText)).toBe('제6조');
    expect(movedTo(gone, before, new Map([['제5조', article('제5조', '다른 조문')]]))).toBeNull();
  });
});
