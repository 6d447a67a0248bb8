import type { SuggestedCounterparty } from '@legal/api';
import type { Found } from './contract-analysis.fields';

/**
 * The parties of a contract read from its text, pure: the Korean preamble's definitions
 * (주식회사 가나다(이하 "갑"이라 한다)) merged with the signature blocks by role, or the English
 * "between X and Y", each with its business registration number, representative and address
 * when the text gives them.
 */

const COMPANY_MARK = /주식회사|㈜|\(주\)|유한회사|유한책임회사|합자회사|합명회사|재단법인|사단법인|협동조합|조합|공사$|공단$|은행|대학교|\b(?:Inc|Corp|Corporation|LLC|L\.L\.C|Ltd|Limited|Co|Company|GmbH|PLC|LLP|L\.P|S\.A|B\.V|N\.V|AG|Bank|University|Trust|Fund|Group|Holdings)\b\.?/;
const BRN = /(\d{3})\s*-\s*(\d{2})\s*-\s*(\d{5})(?!\d)/;

function kindOf(name: string, hasBrn: boolean): 'COMPANY' | 'PERSON' {
  if (hasBrn || COMPANY_MARK.test(name)) return 'COMPANY';
  if (/^[가-힣]{2,4}$/.test(name) || /^[A-Z][a-z]+(?:\s+[A-Z]\.?)?(?:\s+[A-Z][a-z'-]+){1,2}$/.test(name)) return 'PERSON';
  return 'COMPANY';
}

const cleanName = (s: string) =>
  s
    .replace(/\s*[(（]\s*(?:인|서명|印|날인)\s*[)）]\s*/g, ' ')
    .replace(/^[\s,:："“”'‘’]+|[\s,:："“”'‘’]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const isPlaceholder = (s: string) => /[[\]_]|〇〇|○○|OOO|xxx/i.test(s) || s.length < 2;

interface PartyDraft {
  role: string | null;
  name: string | null;
  brn: string | null;
  representative: string | null;
  address: string | null;
  at: number;
  end: number;
}

/** "임대인 홍길동": the role word before a party's name. */
const PARTY_ROLE_WORD = /^(?:임대인|임차인|매도인|매수인|발주자|발주처|수급인|도급인|위탁자|수탁자|공급자|구매자|사용자|근로자|대여자|차용자|투자자)\s*[:：]?\s*/;

// 주식회사 가나다(이하 "갑"이라 한다)와 ...: the name before each "(이하 ... 라 한다)", or the
// short form "(이하 '갑')".
const KO_DEFINED = /[(（]\s*이하\s*["“'‘「]?\s*([가-힣A-Za-z ]{1,10}?)\s*["”'’」]?\s*(?:(?:이?라고?|으로)\s*(?:한다|칭한다|함|부른다)?\s*)?[)）]/g;
const KO_ROLE_BLOCK = /(?:^|\n)[ \t]*[[【(<]?[ \t]*["“]?(갑|을|병|정)["”]?[ \t]*[\]】)>]?[ \t]*(?:[:：]|\n|[ \t](?=상\s*호|회\s*사|주\s*소|성\s*명|법\s*인|대\s*표))/g;

function koreanParties(text: string, bodyStart: number, bodyEnd: number): PartyDraft[] {
  const parties: PartyDraft[] = [];
  const preamble = text.slice(0, bodyStart > 0 ? bodyStart : Math.min(text.length, 2000));
  let previousEnd = 0;
  for (const m of preamble.matchAll(KO_DEFINED)) {
    const role = m[1]!.trim();
    const lineStart = preamble.lastIndexOf('\n', m.index) + 1;
    const from = Math.max(previousEnd, lineStart);
    previousEnd = m.index + m[0].length;
    const raw = preamble.slice(from, m.index);
    const name = cleanName(raw.replace(/^\s*(?:와|과|및|,|그리고|는|은)\s*/, '').replace(PARTY_ROLE_WORD, '').replace(/\s*(?:와|과|는|은)$/, ''));
    if (!name || name.length > 40 || /계약|본\s*건|이\s*건/.test(name) || isPlaceholder(name)) continue;
    const at = from + Math.max(0, raw.indexOf(name));
    parties.push({ role, name, brn: null, representative: null, address: null, at, end: at + name.length });
  }
  // The signature blocks: 갑 / 상호: ... / 사업자등록번호: ... / 대표이사 ... (인)
  const tail = text.slice(bodyEnd);
  const blocks = [...tail.matchAll(KO_ROLE_BLOCK)];
  blocks.forEach((b, i) => {
    const start = b.index + b[0].length;
    const end = Math.min(blocks[i + 1]?.index ?? tail.length, start + 500);
    const block = tail.slice(start, end).trimStart();
    const field = (re: RegExp) => {
      const m = re.exec(block);
      return m?.[1] ? cleanName(m[1]) : null;
    };
    const name = field(/(?:상\s*호|회\s*사\s*명|법\s*인\s*명|업\s*체\s*명|성\s*명|이\s*름)\s*[:：]?\s*([^\n]+)/) ?? field(/((?:주식회사|㈜|\(주\))\s*[^\s(][^\n(]*|[^\s(][^\n(]*?\s*(?:주식회사|\(주\)|㈜))/);
    const brn = BRN.exec(block);
    const representative = field(/(?:대\s*표\s*이\s*사|대\s*표\s*자|대\s*표)\s*[:：]?\s*([가-힣]{2,4}|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+)/);
    const address = field(/(?:주\s*소|소\s*재\s*지)\s*[:：]?\s*([^\n]+)/);
    if (!name && !brn) return;
    parties.push({
      role: b[1]!, name: name && !isPlaceholder(name) ? name : null, brn: brn ? `${brn[1]}-${brn[2]}-${brn[3]}` : null,
      representative: representative && !isPlaceholder(representative) ? representative : null, address: address && !isPlaceholder(address) ? address : null,
      at: bodyEnd + start, end: bodyEnd + end,
    });
  });
  return parties;
}

// "... by and between Idan Maimon ("Maimon") and Intellisense Solutions, Inc., a Nevada corporation (the "Company")."
const EN_BETWEEN = /\b(?:by\s+and\s+)?between\s+([\s\S]{3,600}?)(?:\.\s|\bWHEREAS\b|\bRECITALS\b|\n\n)/i;

function splitTopLevel(text: string): Array<{ part: string; at: number }> {
  const parts: Array<{ part: string; at: number }> = [];
  let depth = 0;
  let from = 0;
  const and = /\s+and\s+/y;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(' || c === '（') depth++;
    else if ((c === ')' || c === '）') && depth > 0) depth--;
    else if (depth === 0 && /\s/.test(c)) {
      and.lastIndex = i;
      const m = and.exec(text);
      if (m && /\)\s*,?\s*$/.test(text.slice(0, i + 1))) {
        parts.push({ part: text.slice(from, i), at: from });
        from = i + m[0].length;
        i = from - 1;
      }
    }
  }
  parts.push({ part: text.slice(from), at: from });
  return parts;
}

function englishParties(text: string): PartyDraft[] {
  const m = EN_BETWEEN.exec(text.slice(0, 5000));
  if (!m) return [];
  const inner = m[1]!;
  const innerAt = m.index + m[0].indexOf(inner);
  return splitTopLevel(inner).flatMap(({ part, at }) => {
    const role = /\((?:the\s+|hereinafter\s+)?["“]([^"”]{1,40})["”]\)/i.exec(part)?.[1] ?? null;
    const name = cleanName(/^(.+?)(?:,?\s+an?\s+[A-Za-z ]{0,60}?(?:corporation|company|limited|partnership|LLC|entity|organized|incorporated|individual|resident)\b|,?\s+with\s+(?:its|a)\s|\s*\(|$)/i.exec(part.trim())?.[1] ?? '');
    if (!name || name.length > 120 || isPlaceholder(name)) return [];
    return [{ role, name, brn: null, representative: null, address: null, at: innerAt + at, end: innerAt + at + part.length }];
  });
}

/** The parties: Korean preamble definitions merged with the signature blocks by role (갑, 을), or "between X and Y". */
export function findCounterparties(text: string, bodyStart: number, bodyEnd: number): Array<Found<SuggestedCounterparty>> {
  const drafts = [...koreanParties(text, bodyStart, bodyEnd)];
  if (drafts.length === 0) drafts.push(...englishParties(text));
  const merged: PartyDraft[] = [];
  for (const d of drafts) {
    const same = merged.find((p) => (d.role && p.role === d.role) || (d.name && p.name === d.name && (!d.role || !p.role)));
    if (!same) {
      merged.push({ ...d });
      continue;
    }
    // The signature block's name (상호) is the full one; the preamble keeps its place in the text.
    same.name = d.name ?? same.name;
    same.brn ??= d.brn;
    same.representative ??= d.representative;
    same.address ??= d.address;
  }
  return merged
    .filter((p): p is PartyDraft & { name: string } => p.name !== null)
    .slice(0, 20)
    .map((p) => ({
      value: {
        counterpartyType: kindOf(p.name, p.brn !== null),
        name: p.name.slice(0, 200),
        businessRegistrationNumber: p.brn,
        representative: p.representative?.slice(0, 100) ?? null,
        address: p.address?.slice(0, 500) ?? null,
        role: p.role,
      },
      start: p.at,
      end: p.end,
    }));
}
