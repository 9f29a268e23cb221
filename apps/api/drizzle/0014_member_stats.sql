CREATE TABLE "member_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"following_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_stats" ADD CONSTRAINT "member_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "member_stats" ("user_id", "followers_count", "following_count")
SELECT u."id",
  (SELECT count(*)::int FROM "follows" f WHERE f."followee_id" = u."id"),
  (SELECT count(*)::int FROM "follows" f WHERE f."follower_id" = u."id")
FROM "users" u;--> statement-breakpoint
CREATE FUNCTION "member_stats_follows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "member_stats" ("user_id", "followers_count") VALUES (NEW."followee_id", 1)
      ON CONFLICT ("user_id") DO UPDATE SET "followers_count" = "member_stats"."followers_count" + 1;
    INSERT INTO "member_stats" ("user_id", "following_count") VALUES (NEW."follower_id", 1)
      ON CONFLICT ("user_id") DO UPDATE SET "following_count" = "member_stats"."following_count" + 1;
    RETURN NEW;
  END IF;
  UPDATE "member_stats" SET "followers_count" = "followers_count" - 1 WHERE "user_id" = OLD."followee_id";
  UPDATE "member_stats" SET "following_count" = "following_count" - 1 WHERE "user_id" = OLD."follower_id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "follows_member_stats" AFTER INSERT OR DELETE ON "follows"
  FOR EACH ROW EXECUTE FUNCTION "member_stats_follows_changed"();
