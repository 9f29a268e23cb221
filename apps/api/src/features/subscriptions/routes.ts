import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function subscriptionRoutes(_context: AppContext): Router {
  return Router();
}
