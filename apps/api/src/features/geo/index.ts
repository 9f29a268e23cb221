/** Places: the city gazetteer (search, lookup, nearest city) and reverse geocoding. */
export { findCity, nearestCity } from './gazetteer.js';
export { geoRoutes } from './routes.js';
