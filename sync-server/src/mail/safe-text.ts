/**
 * Text that people typed (an organization's name, a person's name) and that a mail repeats to
 * someone else. Such a mail comes from us, so whatever it says reads as our word: a name like
 * "Acme – verify your account at http://evil.example" would turn our invitation into the
 * attacker's phishing mail. A name that carries anything link-like (a scheme, `www.`, a domain,
 * an address, an IP) is left out for the fallback, not defanged: a defanged link still reads as
 * an instruction. Control and layout characters become spaces (a name is one line), and a name
 * longer than a name is left out too.
 */
const LINK_LIKE = [
  /[a-z][a-z0-9+.-]*:\/\//i, // scheme://
  /\bwww\b/i,
  /@/,
  /\b\d{1,3}(?:\s*\.\s*\d{1,3}){3}\b/, // an IPv4 address
  /[\p{L}\p{N}-]\.(?:[\p{L}\p{N}-]+\.)*\p{L}{2,}(?![\p{L}\p{N}])/u, // a domain: evil.example (not "Co. Ltd")
  /[[(]\s*(?:\.|dot)\s*[\])]/i, // a defanged one: evil[.]example, evil(dot)example
  /\b(?:https?|hxxps?)\b/i,
  /[/\\]{2}/,
];
const MAX_NAME = 80;

export function nameForMail(name: string | null | undefined, fallback: string): string {
  const flat = (name ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat === '' || flat.length > MAX_NAME || LINK_LIKE.some((re) => re.test(flat))) return fallback;
  return flat;
}
