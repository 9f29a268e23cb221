import { z } from 'zod';

/** Every id the API hands out is an opaque string (a UUID today). */
export const IdSchema = z.uuid({ message: 'Invalid ID' });

export interface ApiFailure {
  success: false;
  message: string;
  errors?: { field: string; message: string }[];
}

export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
