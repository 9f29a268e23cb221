import type { MemberCard } from '@kindred/contracts';
import { mediaUrl } from '../media/index.js';
import { hasVerifiedBadge } from '../users/index.js';
import type { CardRow } from './repo.js';

/**
 * A member card: first name, age, city, thumbnail, the verified badge and the photo-verified
 * mark — never coordinates or the last name.
 */
export function presentCard(row: CardRow): MemberCard {
  return {
    _id: row.id,
    firstName: row.firstName,
    age: row.age,
    city: row.city,
    profilePicture: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
    verifiedBadge: hasVerifiedBadge(row),
    photoVerified: row.photoVerifiedAt !== null,
  };
}
