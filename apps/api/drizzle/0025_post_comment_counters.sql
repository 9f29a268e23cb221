ALTER TABLE "post_stats" ADD COLUMN "hidden_likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_stats" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_stats" ADD COLUMN "hidden_comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- "Hidden" below is users' visibility rule negated (visibility.ts `shownToOthers`): disabled,
-- suspended, or the email not verified. Each trigger takes a share lock on the member's row
-- before reading it, so a like or comment and a change of its author's state made at the same
-- time are counted one after the other, never each without the other.
CREATE FUNCTION "post_stats_likes_changed_v2"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    hidden := coalesce((SELECT (NOT ("status" = 'active' AND "email_verified_at" IS NOT NULL))::int
      FROM "users" WHERE "id" = NEW."user_id" FOR SHARE), 0);
    INSERT INTO "post_stats" ("post_id", "likes_count", "hidden_likes_count")
      VALUES (NEW."post_id", 1, hidden)
      ON CONFLICT ("post_id") DO UPDATE SET
        "likes_count" = "post_stats"."likes_count" + 1,
        "hidden_likes_count" = "post_stats"."hidden_likes_count" + EXCLUDED."hidden_likes_count";
    RETURN NEW;
  END IF;
  -- A member being deleted is no longer found here: their hidden likes were taken off before
  -- the row went (users_post_stats_deleted).
  hidden := coalesce((SELECT (NOT ("status" = 'active' AND "email_verified_at" IS NOT NULL))::int
    FROM "users" WHERE "id" = OLD."user_id" FOR SHARE), 0);
  UPDATE "post_stats" SET "likes_count" = "likes_count" - 1,
      "hidden_likes_count" = "hidden_likes_count" - hidden
    WHERE "post_id" = OLD."post_id";
  RETURN OLD;
END
$$;--> statement-breakpoint
DROP TRIGGER "post_likes_post_stats" ON "post_likes";--> statement-breakpoint
DROP FUNCTION "post_stats_likes_changed"();--> statement-breakpoint
CREATE TRIGGER "post_likes_post_stats" AFTER INSERT OR DELETE ON "post_likes"
  FOR EACH ROW EXECUTE FUNCTION "post_stats_likes_changed_v2"();--> statement-breakpoint
CREATE FUNCTION "post_stats_comments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live integer := 0;
  hidden integer := 0;
  old_hidden integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_hidden := coalesce((SELECT (NOT ("status" = 'active' AND "email_verified_at" IS NOT NULL))::int
      FROM "users" WHERE "id" = OLD."author_id" FOR SHARE), 0);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."post_id" = OLD."post_id" THEN
    hidden := coalesce((SELECT (NOT ("status" = 'active' AND "email_verified_at" IS NOT NULL))::int
      FROM "users" WHERE "id" = NEW."author_id" FOR SHARE), 0);
    live := (NEW."deleted_at" IS NULL)::int - (OLD."deleted_at" IS NULL)::int;
    hidden := hidden - old_hidden;
    IF live <> 0 OR hidden <> 0 THEN
      UPDATE "post_stats" SET "comments_count" = "comments_count" + live,
          "hidden_comments_count" = "hidden_comments_count" + hidden
        WHERE "post_id" = NEW."post_id";
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    -- A member being deleted is no longer found: their hidden comments were taken off before
    -- the row went, and the cascade leaves their comments with no author.
    UPDATE "post_stats" SET "comments_count" = "comments_count" - (OLD."deleted_at" IS NULL)::int,
        "hidden_comments_count" = "hidden_comments_count" - old_hidden
      WHERE "post_id" = OLD."post_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    hidden := coalesce((SELECT (NOT ("status" = 'active' AND "email_verified_at" IS NOT NULL))::int
      FROM "users" WHERE "id" = NEW."author_id" FOR SHARE), 0);
    INSERT INTO "post_stats" ("post_id", "comments_count", "hidden_comments_count")
      VALUES (NEW."post_id", (NEW."deleted_at" IS NULL)::int, hidden)
      ON CONFLICT ("post_id") DO UPDATE SET
        "comments_count" = "post_stats"."comments_count" + EXCLUDED."comments_count",
        "hidden_comments_count" = "post_stats"."hidden_comments_count" + EXCLUDED."hidden_comments_count";
    RETURN NEW;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_post_stats" AFTER INSERT OR DELETE OR UPDATE OF "post_id", "author_id", "deleted_at"
  ON "comments" FOR EACH ROW EXECUTE FUNCTION "post_stats_comments_changed"();--> statement-breakpoint
-- A member hidden or shown again moves their likes and comments in or out of the hidden counters
-- of every post they touched. A hidden member deleted is taken out before the row goes (the
-- cascade then deletes their likes and leaves their comments with no author, which is visible).
CREATE FUNCTION "post_stats_member_visibility_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member uuid;
  change integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."status" = 'active' AND OLD."email_verified_at" IS NOT NULL THEN
      RETURN OLD;
    END IF;
    member := OLD."id";
    change := -1;
  ELSE
    member := NEW."id";
    change := CASE WHEN NEW."status" = 'active' AND NEW."email_verified_at" IS NOT NULL
      THEN -1 ELSE 1 END;
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
CREATE TRIGGER "users_post_stats_deleted" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "post_stats_member_visibility_changed"();--> statement-breakpoint
CREATE TRIGGER "users_post_stats_shown" AFTER UPDATE OF "status", "email_verified_at" ON "users"
  FOR EACH ROW
  WHEN ((OLD."status" = 'active' AND OLD."email_verified_at" IS NOT NULL)
    IS DISTINCT FROM (NEW."status" = 'active' AND NEW."email_verified_at" IS NOT NULL))
  EXECUTE FUNCTION "post_stats_member_visibility_changed"();--> statement-breakpoint
INSERT INTO "post_stats" ("post_id", "comments_count", "hidden_comments_count")
SELECT "comments"."post_id",
  count(*) FILTER (WHERE "comments"."deleted_at" IS NULL)::int,
  count("users"."id")::int
FROM "comments" LEFT JOIN "users" ON "users"."id" = "comments"."author_id"
  AND NOT ("users"."status" = 'active' AND "users"."email_verified_at" IS NOT NULL)
GROUP BY "comments"."post_id"
ON CONFLICT ("post_id") DO UPDATE SET "comments_count" = EXCLUDED."comments_count",
  "hidden_comments_count" = EXCLUDED."hidden_comments_count";--> statement-breakpoint
UPDATE "post_stats" SET "hidden_likes_count" = hidden."count"
FROM (SELECT "post_likes"."post_id", count(*)::int AS "count" FROM "post_likes"
    JOIN "users" ON "users"."id" = "post_likes"."user_id"
    WHERE NOT ("users"."status" = 'active' AND "users"."email_verified_at" IS NOT NULL)
    GROUP BY "post_likes"."post_id") hidden
WHERE "post_stats"."post_id" = hidden."post_id";
