/**
 * Discover (issue 15): members near the viewer with filters, Like and Pass, and the Boost.
 * - `/discover` — the page (routes/discover-page.tsx, lazy-loaded by the router).
 */
export {};
