/**
 * Search keys for member names: lower-case with accents removed ("Zoë" → "zoe"), so a prefix
 * search is case- and accent-insensitive and can use a plain btree index.
 */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The columns kept in step with a member's names (see users.name_search in the schema). */
export function nameSearchColumns(firstName: string, lastName: string) {
  return {
    nameSearch: searchKey(`${firstName} ${lastName}`),
    lastNameSearch: searchKey(lastName),
  };
}
