import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function commentRoutes(_context: AppContext): Router {
  return Router();
}
