import { Router } from 'express';
import type { AppContext } from '../../context.js';

export function geoRoutes(_context: AppContext): Router {
  return Router();
}
