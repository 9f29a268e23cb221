/**
 * Web addresses in a message's text, for showing them as links: `http(s)://…` and `www.…`, up to
 * white space, without the punctuation that usually ends a sentence after one.
 */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"»”’]+$/;

export type TextPiece =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** The text cut into plain pieces and addresses, in order; joined again they are the text. */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
    pieces.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
