import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * How guessable a new password is (ASVS 6.2.4, 6.2.11), by zxcvbn-ts with its common dictionaries
 * (`@zxcvbn-ts/language-common`: about 49,000 of the most common breached passwords, matched with
 * their case and l33t variants, plus keyboard patterns, repeats, sequences and dates).
 *
 * A password is refused when
 * - it IS a common password, whatever its case or l33t spelling (`P@55w0rd!`, `qwer1234!`);
 * - it contains a context word (the product name, the login id or its local part, the user's name),
 *   compared case-insensitively, without spaces or separators and with l33t undone;
 * - its zxcvbn score is below MIN_PASSWORD_SCORE (common words plus a digit run, repeats,
 *   keyboard walks: `password1234`, `1q2w3e4r5t6y`, `aaaaaaaaaaaa`, eight spaces).
 *
 * The dictionaries are a few MB of JavaScript: loaded on the first check (server only; the web
 * app never imports this file), once per process.
 */

/**
 * zxcvbn score 3 = "safely unguessable: moderate protection from an offline slow-hash attack",
 * at least 10^8 guesses by zxcvbn's estimate. With argon2id (~14 ms a guess on one core) that is
 * above two weeks of one core per account, and online guessing stops at the lockout long before.
 * Score 4 (10^10) would refuse passphrases like `Correct-horse-42` that users remember.
 */
export const MIN_PASSWORD_SCORE = 3;

/** The product's names (ko, en): a password built on them is among the first an attacker tries. */
const PRODUCT_WORDS = ['legal suite', 'legalsuite', '리걸 스위트', '리걸스위트'];

export const PASSWORD_REASON = {
  common: 'too common; choose a less guessable password',
  productName: 'must not contain the product name',
  personal: 'must not contain your login id or name',
  guessable: 'too easy to guess; use a longer mix of unrelated words',
} as const;

interface Estimator {
  zxcvbn: ZxcvbnFactory;
  /** The common-password list as a set, for exact lookups of a password's variants. */
  commonPasswords: ReadonlySet<string>;
}

let estimator: Promise<Estimator> | null = null;

function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return {
      zxcvbn: new ZxcvbnFactory({ dictionary: { ...common.dictionary, userInputs: PRODUCT_WORDS }, graphs: common.adjacencyGraphs }),
      commonPasswords: new Set(common.dictionary['passwords-common'].map(fold)),
    };
  })().catch((err: unknown) => {
    estimator = null; // a failed load is retried on the next check
    throw err;
  });
  return estimator;
}

const SEPARATORS = /[\s\-_.·,]+/gu;
/** Common l33t spellings; `1` and `!` are ambiguous (i, l, or themselves), so each reading is tried. */
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '8': 'b', '3': 'e', '6': 'g', '0': 'o', '5': 's', $: 's', '7': 't', '+': 't', '2': 'z', '|': 'l' };
const LEET_TABLES = ['1', 'i', 'l'].flatMap((one) => ['!', 'i', 'l'].map((bang) => ({ ...LEET, '1': one, '!': bang })));

const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(SEPARATORS, '');
const unleet = (text: string, table: Record<string, string>) => [...text].map((c) => table[c] ?? c).join('');

/** A context word long enough to mean something: two Hangul syllables, else four characters. */
function isSignificant(word: string): boolean {
  const length = [...word].length;
  return /\p{Script=Hangul}/u.test(word) ? length >= 2 : length >= 4;
}

/** The folded forms of a password: as typed, and with l33t undone (each reading of 1 and !). */
function variantsOf(password: string): string[] {
  const folded = fold(password);
  return [...new Set([folded, ...LEET_TABLES.map((table) => unleet(folded, table))])];
}

export interface PasswordContext {
  loginId?: string;
  /** The user's name (and display name): each whole, and each of its space-separated parts. */
  names?: Array<string | null | undefined>;
}

function personalWords(context: PasswordContext): string[] {
  const words: string[] = [];
  if (context.loginId) {
    words.push(context.loginId);
    const local = context.loginId.split('@')[0];
    if (local) words.push(local);
  }
  for (const name of context.names ?? []) {
    if (!name) continue;
    words.push(name, ...name.split(/\s+/u));
  }
  return [...new Set(words.map(fold))].filter(isSignificant);
}

const containsAny = (variants: string[], words: string[]) => words.some((word) => variants.some((v) => v.includes(word)));

/** zxcvbn found the whole password as one entry of the common list (also reversed, or with l33t it knows). */
function isCommonMatch(result: ZxcvbnResult, password: string): boolean {
  return password.length > 0 && result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'passwords-common' && m.token.length === password.length);
}

/** Why a password of an acceptable length is too guessable (empty = accepted); the most specific reason first. */
export async function guessabilityProblems(password: string, context: PasswordContext): Promise<string[]> {
  const variants = variantsOf(password);
  const personal = personalWords(context);
  const { zxcvbn, commonPasswords } = await loadEstimator();
  // Spaces around a password add next to nothing (` Password1 `): the core is judged.
  const core = password.trim();
  const result = zxcvbn.check(core, personal);
  if (variants.some((v) => commonPasswords.has(v)) || isCommonMatch(result, core)) return [PASSWORD_REASON.common];
  if (containsAny(variants, PRODUCT_WORDS.map(fold))) return [PASSWORD_REASON.productName];
  if (containsAny(variants, personal)) return [PASSWORD_REASON.personal];
  if (result.score < MIN_PASSWORD_SCORE) return [PASSWORD_REASON.guessable];
  return [];
}
