CREATE TABLE "timeline_entries" (
	"member_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_stats" ADD COLUMN "timeline_pulled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timeline_entries_member_created_post" ON "timeline_entries" USING btree ("member_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_entries_post" ON "timeline_entries" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "timeline_entries_author_member" ON "timeline_entries" USING btree ("author_id","member_id");--> statement-breakpoint
CREATE INDEX "member_stats_timeline_pulled" ON "member_stats" USING btree ("user_id") WHERE "member_stats"."timeline_pulled";--> statement-breakpoint
-- How far back People You Follow's timeline rows go (issue 18): the read keeps to posts since
-- then, where the rows are complete, and reads older pages as before. TIMELINE_DAYS in the API.
CREATE FUNCTION "timeline_since"() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() - interval '30 days'
$$;--> statement-breakpoint
-- Up to how many followers a member's posts are copied to their followers' timelines; past it
-- they are read when the feed is (member_stats.timeline_pulled). TIMELINE_PUSH_MAX_FOLLOWERS.
CREATE FUNCTION "timeline_push_max_followers"() RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT 1000
$$;--> statement-breakpoint
-- A post is copied to its author's followers' timelines, unless the author's posts are read at
-- read time (timeline_pulled). The author's counter row is taken first: a follow of the author in
-- progress holds it (its counter trigger) until it commits, and one that starts later waits for
-- this post; either way one of the two sees the other, so no follower misses the post.
CREATE FUNCTION "timeline_post_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pulled boolean;
BEGIN
  IF NEW."created_at" < "timeline_since"() THEN
    RETURN NEW;
  END IF;
  INSERT INTO "member_stats" ("user_id") VALUES (NEW."author_id") ON CONFLICT ("user_id") DO NOTHING;
  SELECT "timeline_pulled" INTO pulled FROM "member_stats" WHERE "user_id" = NEW."author_id" FOR SHARE;
  IF pulled THEN
    RETURN NEW;
  END IF;
  INSERT INTO "timeline_entries" ("member_id", "post_id", "author_id", "created_at")
    SELECT f."follower_id", NEW."id", NEW."author_id", NEW."created_at"
    FROM "follows" f WHERE f."followee_id" = NEW."author_id"
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_timeline" AFTER INSERT ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "timeline_post_written"();--> statement-breakpoint
-- A new follow copies the followee's posts of the timeline's days into the follower's timeline,
-- unless the followee is read at read time: followed by more than timeline_push_max_followers(),
-- from this follow on for good. It runs after "follows_member_stats" (triggers
-- fire in name order), whose counter update holds the followee's counter row. An ended follow
-- takes the followee's posts out of the follower's timeline.
CREATE FUNCTION "timeline_follows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pulled boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "timeline_entries"
      WHERE "member_id" = OLD."follower_id" AND "author_id" = OLD."followee_id";
    RETURN OLD;
  END IF;
  SELECT "timeline_pulled" OR "followers_count" > "timeline_push_max_followers"() INTO pulled
    FROM "member_stats" WHERE "user_id" = NEW."followee_id";
  IF pulled THEN
    UPDATE "member_stats" SET "timeline_pulled" = true
      WHERE "user_id" = NEW."followee_id" AND NOT "timeline_pulled";
    RETURN NEW;
  END IF;
  INSERT INTO "timeline_entries" ("member_id", "post_id", "author_id", "created_at")
    SELECT NEW."follower_id", p."id", p."author_id", p."created_at"
    FROM "posts" p
    WHERE p."author_id" = NEW."followee_id" AND p."created_at" >= "timeline_since"()
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "follows_timeline" AFTER INSERT OR DELETE ON "follows"
  FOR EACH ROW EXECUTE FUNCTION "timeline_follows_changed"();--> statement-breakpoint
-- Fills the timelines from the follows and posts already there (this migration, for an existing
-- database, and the benchmark's seed, which loads rows with triggers off): marks the members
-- past the threshold, and copies the others' posts of the timeline's days to their followers.
CREATE FUNCTION "timeline_fill"() RETURNS void LANGUAGE sql AS $$
  UPDATE "member_stats" SET "timeline_pulled" = true
    WHERE "followers_count" > "timeline_push_max_followers"();
  INSERT INTO "timeline_entries" ("member_id", "post_id", "author_id", "created_at")
  SELECT f."follower_id", p."id", p."author_id", p."created_at"
  FROM "follows" f
  JOIN "posts" p ON p."author_id" = f."followee_id" AND p."created_at" >= "timeline_since"()
  WHERE NOT EXISTS (
    SELECT 1 FROM "member_stats" s WHERE s."user_id" = f."followee_id" AND s."timeline_pulled"
  )
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
SELECT "timeline_fill"();
