import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { nameSearchColumns } from '../features/users/index.js';

/**
 * `count` verified members named `<Prefix><n> Member`, inserted 500 rows a statement (plan tests
 * need thousands, faster than the factories' one at a time); their ids in order.
 */
export async function insertMembersInBulk(
  db: Database,
  prefix: string,
  count: number,
): Promise<string[]> {
  const name = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  const rows = Array.from({ length: count }, (_, index) => ({
    email: `${prefix}-${index}@example.com`,
    username: `${prefix}-${index}@example.com`,
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
    firstName: `${name}${index}`,
    lastName: 'Member',
    ...nameSearchColumns(`${name}${index}`, 'Member'),
  }));
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const made = await db
      .insert(users)
      .values(rows.slice(start, start + 500))
      .returning({ id: users.id });
    ids.push(...made.map((row) => row.id));
  }
  return ids;
}
