ALTER TABLE "comments" ADD COLUMN "author_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_hidden_author" ON "comments" USING btree ("post_id") WHERE "comments"."author_hidden";--> statement-breakpoint
-- "Hidden" is users' visibility rule negated, as in 0025 (visibility.ts `shownToOthers`). The
-- author's row is share-locked for the same reason as there.
CREATE FUNCTION "comments_author_hidden_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."author_hidden" := coalesce((SELECT NOT ("status" = 'active' AND "email_verified_at" IS NOT NULL)
    FROM "users" WHERE "id" = NEW."author_id" FOR SHARE), false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_author_hidden" BEFORE INSERT OR UPDATE OF "author_id" ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "comments_author_hidden_set"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "post_stats_member_visibility_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member uuid;
  change integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."status" = 'active' AND OLD."email_verified_at" IS NOT NULL THEN
      RETURN OLD;
    END IF;
    -- Their comments lose their author in the cascade, which clears the flag.
    member := OLD."id";
    change := -1;
  ELSE
    member := NEW."id";
    change := CASE WHEN NEW."status" = 'active' AND NEW."email_verified_at" IS NOT NULL
      THEN -1 ELSE 1 END;
    UPDATE "comments" SET "author_hidden" = (change > 0) WHERE "author_id" = member;
  END IF;
  UPDATE "post_stats" SET "hidden_likes_count" = "post_stats"."hidden_likes_count" + change
    FROM "post_likes" WHERE "post_likes"."user_id" = member
      AND "post_stats"."post_id" = "post_likes"."post_id";
  UPDATE "post_stats" SET "hidden_comments_count" = "post_stats"."hidden_comments_count" + change * authored."count"
    FROM (SELECT "post_id", count(*)::int AS "count" FROM "comments" WHERE "author_id" = member
      GROUP BY "post_id") authored
    WHERE "post_stats"."post_id" = authored."post_id";
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "comments" SET "author_hidden" = true FROM "users"
WHERE "users"."id" = "comments"."author_id"
  AND NOT ("users"."status" = 'active' AND "users"."email_verified_at" IS NOT NULL);
