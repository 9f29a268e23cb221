import { z } from 'zod';

/** Every id the API hands out is an opaque string (a UUID today). */
export const IdSchema = z.uuid({ message: 'Invalid ID' });
