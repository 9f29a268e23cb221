/**
 * Text a member typed, as Kindred's own emails may show it. A member's name can be anything they
 * chose at sign-up ("there.\n\nALERT: visit https://…"), and some emails go to addresses nobody
 * has proven yet: an email must never let that text pass for our own words.
 */

/** Control, line-separator and direction-override characters, and runs of white space. */
const INVISIBLE_OR_BREAKING = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\s]+/gu;

/**
 * Letters (any script), combining marks, digits, spaces, apostrophes and hyphens, and a dot only
 * after an initial ("J. R."): a name, not a sentence with a link ("visit evil.example").
 */
const NAME_LIKE = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}' ’-]|\.(?= |$))*$/u;

/** Names are at most 50 characters; a greeting is shorter still. */
const GREETING_MAX_LENGTH = 30;

/** The member's text on one line with its invisible characters gone. */
function oneLine(text: string): string {
  return text.replace(INVISIBLE_OR_BREAKING, ' ').trim();
}

/**
 * The name in "Hi {name},": only when it reads as a name (letters, not a sentence with a link or
 * an address), otherwise the neutral "there".
 */
export function greetingName(firstName: string): string {
  const name = oneLine(firstName);
  if (name === '' || name.length > GREETING_MAX_LENGTH || !NAME_LIKE.test(name)) return 'there';
  return name;
}
