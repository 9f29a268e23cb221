import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function connectionRoutes(_context: AppContext): Router {
  return Router();
}
