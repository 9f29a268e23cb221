import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function postRoutes(_context: AppContext): Router {
  return Router();
}
