import { describe, expect, it } from 'vitest';
import { statuteNames } from './retrieval';
import { documentArticleMentions } from './statute-mentions';

const read = (text: string) => documentArticleMentions(text, statuteNames()).map((m) => `${m.folder} ${m.kind} ${m.article}`);

// Wordings from the shipped statutes (law-data/current, /work/shared/data/law), which cite each other
// as a team's memos cite them, and from a memo of the kind a legal team keeps.
describe('statute articles a document cites by name', () => {
  it('reads 「민법」 제608조 and a list after one name (건설산업기본법: 「민법」 제670조 및 제671조)', () => {
    expect(read('"담보계약"이란 「민법」 제608조에 따라 그 효력이 상실되는 대물반환(代物返還)의 예약')).toEqual(['민법 법률 제608조']);
    expect(read('다른 법령(「민법」 제670조 및 제671조는 제외한다)에 특별하게 규정되어 있는 경우')).toEqual(['민법 법률 제670조', '민법 법률 제671조']);
  });

  it('reads names without brackets and with paragraphs in the list: "민법 제42조제2항", "제3조제1항, 제5조"', () => {
    expect(read('공제조합이 정관을 변경하려는 때에는 민법 제42조제2항에 따른다.')).toEqual(['민법 법률 제42조']);
    expect(read('근로기준법 제23조제1항, 제24조의2 및 제26조에 따라 해고를 검토한다.')).toEqual(['근로기준법 법률 제23조', '근로기준법 법률 제24조의2', '근로기준법 법률 제26조']);
  });

  it('reads a decree or rule after the name, spaces inside a name, and short names (근기법)', () => {
    expect(read('「근로기준법 시행령」 제23조의10에 따른 정보')).toEqual(['근로기준법 시행령 제23조의10']);
    expect(read('개인정보 보호법 제23조 및 근기법 시행규칙 제7조')).toEqual(['개인정보보호법 법률 제23조', '근로기준법 시행규칙 제7조']);
  });

  it('reads "같은 법 제N조" as the statute named last (「근로기준법」 제44조의2제1항을 위반하여 같은 법 제109조제1항)', () => {
    expect(read('「근로기준법」 제44조의2제1항을 위반하여 같은 법 제109조제1항에 따른 처벌을 받은 자')).toEqual(['근로기준법 법률 제44조의2', '근로기준법 법률 제109조']);
    expect(read('같은 법 제3조')).toEqual([]);
  });

  it('leaves out articles not right after a name, statutes it does not know, and a name inside a longer word', () => {
    expect(read('민법상 성년 규정은 여러 곳에 있고 제3조는 권리능력을 정한다.')).toEqual([]);
    expect(read('「소득세법」 제4조제1항제1호에 따른 종합소득')).toEqual([]);
    expect(read('난민법 제2조에 따른 난민')).toEqual([]);
    // Each article once, in text order.
    expect(read('상법 제401조의2, 민법 제750조 그리고 다시 민법 제750조')).toEqual(['상법 법률 제401조의2', '민법 법률 제750조']);
  });
});
