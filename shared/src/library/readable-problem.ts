/**
 * Validation problems in a manager's words. The server and the editors' checks word a problem as
 * `<path>: <message>`, the path in the API's names (`body.fields.2.name`) and the message often
 * zod's own (`Too big: expected number to be <=1`). People know rows by their place on the page
 * ("Field 3") and settings by their label, and read "must be at most 1". Messages the rules write
 * themselves (`must be a camelCase key…`, `repeats question 2`) are already in those words and
 * pass through unchanged.
 */

/** `minConfidence` → "Min confidence", `classify-and-file` → "Classify and file". */
export function wordsOf(id: string): string {
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of settings',
  date: 'a date',
};

const listOf = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`);
const unquote = (s: string) => s.trim().replace(/^"(.*)"$/, '$1');

/** One message, without its path: zod's wording turned into what is wrong in plain words. */
export function readableMessage(message: string): string {
  const text = message.trim();
  let m: RegExpExecArray | null;
  if ((m = /^Too big: expected (?:number|bigint|int) to be (<=|<)\s*(\S+)$/.exec(text))) return m[1] === '<=' ? `must be at most ${m[2]}` : `must be less than ${m[2]}`;
  if ((m = /^Too small: expected (?:number|bigint|int) to be (>=|>)\s*(\S+)$/.exec(text))) return m[1] === '>=' ? `must be at least ${m[2]}` : `must be more than ${m[2]}`;
  if ((m = /^Too big: expected string to have (<=|<)\s*(\d+) characters?$/.exec(text))) return `is too long: at most ${m[1] === '<=' ? m[2] : Number(m[2]) - 1} characters`;
  if ((m = /^Too small: expected string to have (>=|>)\s*(\d+) characters?$/.exec(text))) {
    const least = m[1] === '>=' ? Number(m[2]) : Number(m[2]) + 1;
    return least <= 1 ? 'must not be empty' : `is too short: at least ${least} characters`;
  }
  if ((m = /^Too big: expected (?:array|set) to have (<=|<)\s*(\d+) items?$/.exec(text))) return `has too many entries: at most ${m[1] === '<=' ? m[2] : Number(m[2]) - 1}`;
  if ((m = /^Too small: expected (?:array|set) to have (>=|>)\s*(\d+) items?$/.exec(text))) {
    const least = m[1] === '>=' ? Number(m[2]) : Number(m[2]) + 1;
    return least <= 1 ? 'needs at least one entry' : `needs at least ${least} entries`;
  }
  if ((m = /^Invalid input: expected (\w+), received (\w+)$/.exec(text))) {
    if (m[2] === 'undefined') return 'is missing';
    if (m[1] === 'number' && m[2] === 'NaN') return 'must be a number';
    return `must be ${TYPE_WORDS[m[1]!] ?? m[1]!}`;
  }
  if ((m = /^Invalid option: expected one of (.+)$/.exec(text))) return `must be one of ${listOf(m[1]!.split('|').map(unquote))}`;
  if ((m = /^Invalid input: expected (".*")$/.exec(text))) return `must be ${unquote(m[1]!)}`;
  if ((m = /^Unrecognized keys?: (.+)$/.exec(text))) {
    const keys = m[1]!.split(/,\s*/).map((k) => `“${wordsOf(unquote(k))}”`);
    return keys.length === 1 ? `${keys[0]!} is not one of its settings` : `${listOf(keys)} are not among its settings`;
  }
  if ((m = /^Invalid number: must be a multiple of (\S+)$/.exec(text))) return m[1] === '1' ? 'must be a whole number' : `must be a multiple of ${m[1]}`;
  if (/^Invalid string: must match pattern /.test(text)) return 'is not in the expected form';
  if (/^Invalid (?:email address|email)$/.test(text)) return 'must be an email address';
  if (/^Invalid URL$/i.test(text)) return 'must be a web address';
  if (/^Invalid input$/.test(text)) return 'is not valid';
  return text;
}

export interface ProblemWording {
  /** The rows of the form by their collection in the path, singular: `{ fields: 'Field' }`. */
  rows?: Readonly<Record<string, string>>;
  /** What people call a key of a row or of the body: `{ name: 'Key' }`; others are split into words. */
  names?: Readonly<Record<string, string>>;
  /** Shown under its row: the row is not named again. */
  inRow?: boolean;
}

/** A path such as `body.fields.2.hints.0` → "Field 3, hints, entry 1"; `settings.minConfidence` → "Min confidence". */
function readablePath(path: string, wording: ProblemWording): string {
  const parts = path.split('.').filter((p) => p !== '' && p !== 'body');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    const row = wording.rows?.[part];
    if (row !== undefined && next !== undefined && /^\d+$/.test(next)) {
      if (!(wording.inRow === true && out.length === 0)) out.push(`${out.length === 0 ? row : row.toLowerCase()} ${Number(next) + 1}`);
      i++;
    } else if (/^\d+$/.test(part)) {
      out.push(`entry ${Number(part) + 1}`);
    } else if (part === 'settings' && next !== undefined) {
      // A step's settings are named by the setting alone: the form shows them under the step.
      continue;
    } else {
      const named = wording.names?.[part] ?? wordsOf(part);
      out.push(out.length === 0 ? named : named.toLowerCase());
    }
  }
  return out.join(', ');
}

/**
 * A problem as the server or a check words it (`fields.2.name: Too small: …`, possibly after a
 * prefix of the rules' own such as `step 3 (classify-and-file): `), in plain words.
 */
export function readableProblem(problem: string, wording: ProblemWording = {}): string {
  const text = problem.trim();
  // The rules' own prefix naming a row (`step 3 (tool): `, `Field 3 (name): `) stays as it is.
  const prefix = /^((?:step|Field|Question) \d+ \([^)]*\):\s*)(.*)$/s.exec(text);
  const head = prefix ? (wording.inRow === true ? '' : readablePrefix(prefix[1]!)) : '';
  const rest = prefix ? prefix[2]! : text;
  const pathed = /^((?:body\.)?[A-Za-z_][\w]*(?:\.[\w-]+)*):\s+(.*)$/s.exec(rest);
  let said: string;
  if (pathed === null) {
    said = readableMessage(rest);
  } else {
    const where = readablePath(pathed[1]!, wording);
    const message = readableMessage(pathed[2]!);
    said = where === '' ? capitalized(message) : `${where}: ${message}`;
  }
  // Alone under its row, a problem reads as a sentence of its own.
  return head === '' && wording.inRow === true ? capitalized(said) : `${head}${said}`;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The workflow rules name a step by its tool's id (`step 3 (classify-and-file): `); people know the tool by name. */
function readablePrefix(prefix: string): string {
  const step = /^step (\d+) \(([a-z0-9-]+)\):\s*$/.exec(prefix);
  return step ? `Step ${step[1]} (${wordsOf(step[2]!)}): ` : prefix;
}

/** The server's problems one per line: it joins several with "; ". */
export function splitProblems(message: string): string[] {
  return message
    .split(/;\s+(?=(?:body\.|step \d|Field \d|and \d+ more)|[a-z]+\.[\w.]+:)/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A refusal of the server as one line in plain words, for where it is shown whole (a dialog). */
export function readableRefusal(message: string, wording: ProblemWording = {}): string {
  return splitProblems(message)
    .map((p) => readableProblem(p, wording))
    .join('; ');
}
