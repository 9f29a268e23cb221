import { z } from 'zod';

/**
 * Every id the API hands out is an opaque string (a UUID today). Read in lower case, as the API
 * writes them, so an id compares equal to itself whatever case a client sent it in.
 */
export const IdSchema = z.uuid({ message: 'Invalid ID' }).toLowerCase();

/**
 * What a member's name may not hold: line breaks, tabs and other control characters, and the
 * invisible direction overrides that reorder what is shown. A name travels into emails and pages
 * as one line of text, never as a paragraph of its own.
 */
export const NAME_PATTERN = /^[^\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;
export const NAME_CHARACTERS_MESSAGE = 'Names cannot contain line breaks or control characters';
