import { z } from 'zod';

/**
 * Every id the API hands out is an opaque string (a UUID today). Read in lower case, as the API
 * writes them, so an id compares equal to itself whatever case a client sent it in.
 */
export const IdSchema = z.uuid({ message: 'Invalid ID' }).toLowerCase();
