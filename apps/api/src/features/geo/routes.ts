import { GEO_MESSAGES, ReverseGeocodeQuerySchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { requireMember } from '../../http/auth.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { AppError, parse } from '../../http/errors.js';
import { GeocoderError, ReverseGeocoder } from './geocoder.js';

export function geoRoutes(context: AppContext): Router {
  const router = Router();
  const geocoder = new ReverseGeocoder({
    baseUrl: context.config.geocoderUrl,
    userAgent: `Kindred/0.1 (+${context.config.publicUrl})`,
  });

  /** GET /geo/reverse?lat=&lon= — the wizard's fetch-location button, signed-in members only. */
  router.get(
    '/geo/reverse',
    requireMember,
    limitPerMember(context.rateLimiters, 'geoLookupPerMember'),
    async (req, res) => {
      const { lat, lon } = parse(ReverseGeocodeQuerySchema, req.query);
      try {
        const { address, displayName } = await geocoder.reverse(lat, lon);
        res.json({ success: true, address, displayName });
      } catch (error) {
        if (!(error instanceof GeocoderError)) throw error;
        req.log.warn({ err: error }, 'reverse geocoding failed');
        throw new AppError(502, GEO_MESSAGES.addressFailed);
      }
    },
  );

  return router;
}
