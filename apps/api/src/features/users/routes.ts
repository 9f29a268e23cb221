import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function userRoutes(_context: AppContext): Router {
  return Router();
}
