import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function profileRoutes(_context: AppContext): Router {
  return Router();
}
