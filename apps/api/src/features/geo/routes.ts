import { CitySearchQuerySchema, ReverseGeocodeQuerySchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { requireMember } from '../../http/auth.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { parse } from '../../http/errors.js';
import { ReverseGeocoder } from './geocoder.js';
import { findCities, reverseGeocode } from './service.js';

export function geoRoutes(context: AppContext): Router {
  const router = Router();
  // The online geocoder is optional: without GEOCODER_URL the offline gazetteer answers alone.
  const online = context.config.geocoderUrl
    ? new ReverseGeocoder({
        baseUrl: context.config.geocoderUrl,
        userAgent: `Kindred/0.1 (+${context.config.publicUrl})`,
      })
    : undefined;

  /** GET /geo/reverse?lat=&lon= — the wizard's fetch-location button, signed-in members only. */
  router.get(
    '/geo/reverse',
    requireMember,
    limitPerMember(context.rateLimiters, 'geoLookupPerMember'),
    async (req, res) => {
      const { lat, lon } = parse(ReverseGeocodeQuerySchema, req.query);
      res.json({ success: true, ...(await reverseGeocode(online, req.log, lat, lon)) });
    },
  );

  /** GET /geo/cities?q=&limit= — suggestions while a member types their city. */
  router.get(
    '/geo/cities',
    requireMember,
    limitPerMember(context.rateLimiters, 'searchPerMember'),
    (req, res) => {
      const { q, limit } = parse(CitySearchQuerySchema, req.query);
      res.json({ success: true, cities: findCities(q, limit) });
    },
  );

  return router;
}
