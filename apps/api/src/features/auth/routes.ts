import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function authRoutes(_context: AppContext): Router {
  return Router();
}
