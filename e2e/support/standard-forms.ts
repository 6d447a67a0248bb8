import { Document, Packer, Paragraph, TextRun } from 'docx';

/** A small Word template built in the test: one paragraph per line, `{{key}}` markers as typed. */
export async function templateDocx(lines: readonly string[]): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: lines.map((line) => new Paragraph({ children: [new TextRun(line)] })) }] });
  return Packer.toBuffer(doc);
}

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const SERVICE_V1 = [
  '용역계약서',
  '주식회사 한빛(이하 "갑")과 {{counterparty}}(이하 "을")은 다음과 같이 계약한다.',
  '제1조 (목적) 을은 갑에게 소프트웨어 개발 용역을 제공한다.',
  '제2조 (대금) 용역대금은 {{fee}}으로 하며 계약 체결 후 30일 이내에 지급한다.',
];

/** Version 2: the payment term changes and an article with a new variable is added. */
export const SERVICE_V2 = [
  '용역계약서',
  '주식회사 한빛(이하 "갑")과 {{counterparty}}(이하 "을")은 다음과 같이 계약한다.',
  '제1조 (목적) 을은 갑에게 소프트웨어 개발 용역을 제공한다.',
  '제2조 (대금) 용역대금은 {{fee}}으로 하며 검수 완료 후 14일 이내에 지급한다.',
  '제3조 (기간) 계약기간은 {{startDate}}부터 1년으로 한다.',
];
