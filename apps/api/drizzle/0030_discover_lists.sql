-- The lists of members a Discover page checks, as rows. PostgreSQL estimates `unnest` of an array
-- parameter at 100 rows in a generic plan and at the array's length in a plan made for it, so the
-- page statement's generic plan looked dearer than any plan made for a page's 20-odd members, and
-- a connection planned every page anew (1.7 ms of planning for 0.3 ms of execution). These
-- functions are estimated at a page's size whatever the list: both plans cost the same, and the
-- statement keeps its one plan (features/discovery/repo.ts).
CREATE FUNCTION "discover_ranked_list"("member_ids" uuid[], "outer_kms" float8[])
  RETURNS TABLE ("member_id" uuid, "outer_km" float8)
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 25 AS $$
BEGIN
  RETURN QUERY SELECT "listed"."member_id", "listed"."outer_km"
    FROM unnest("member_ids", "outer_kms") AS "listed"("member_id", "outer_km");
END
$$;--> statement-breakpoint
CREATE FUNCTION "discover_held_list"("member_ids" uuid[])
  RETURNS TABLE ("member_id" uuid)
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 25 AS $$
BEGIN
  RETURN QUERY SELECT "listed"."member_id" FROM unnest("member_ids") AS "listed"("member_id");
END
$$;
