CREATE TABLE "post_stats" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_stats" ADD CONSTRAINT "post_stats_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "post_stats" ("post_id", "likes_count")
SELECT "post_id", count(*)::int FROM "post_likes" GROUP BY "post_id";--> statement-breakpoint
CREATE FUNCTION "post_stats_likes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "post_stats" ("post_id", "likes_count") VALUES (NEW."post_id", 1)
      ON CONFLICT ("post_id") DO UPDATE SET "likes_count" = "post_stats"."likes_count" + 1;
    RETURN NEW;
  END IF;
  UPDATE "post_stats" SET "likes_count" = "likes_count" - 1 WHERE "post_id" = OLD."post_id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_likes_post_stats" AFTER INSERT OR DELETE ON "post_likes"
  FOR EACH ROW EXECUTE FUNCTION "post_stats_likes_changed"();
