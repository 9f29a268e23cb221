/**
 * Member search:
 * - `SearchBox` — the header's search field with its suggestions dropdown (no props needed;
 *   `className` optional).
 * - `/view-all` — the paged results (routes/view-all.tsx, lazy-loaded by the router).
 */
export { SearchBox, type SearchBoxProps } from './components/search-box';
export type { ViewAllState } from './navigation-state';
