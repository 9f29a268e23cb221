DROP INDEX "users_name_search_prefix";--> statement-breakpoint
DROP INDEX "users_last_name_search_prefix";--> statement-breakpoint
DROP INDEX "users_search_full_name";--> statement-breakpoint
DROP INDEX "users_search_last_name";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "searchable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "users" SET "searchable" = false
WHERE "id" IN (SELECT "user_id" FROM "privacy_settings" WHERE NOT "searchable");--> statement-breakpoint
CREATE FUNCTION "users_searchable_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "users" SET "searchable" = true WHERE "id" = OLD."user_id" AND NOT "searchable";
    RETURN OLD;
  END IF;
  UPDATE "users" SET "searchable" = NEW."searchable"
    WHERE "id" = NEW."user_id" AND "searchable" IS DISTINCT FROM NEW."searchable";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "privacy_settings_searchable" AFTER INSERT OR DELETE OR UPDATE OF "searchable" ON "privacy_settings"
  FOR EACH ROW EXECUTE FUNCTION "users_searchable_changed"();--> statement-breakpoint
CREATE INDEX "users_search_full_name" ON "users" USING btree ("search_rank","name_search" COLLATE "C","id") WHERE "users"."status" = 'active' and "users"."email_verified_at" is not null and "users"."searchable";--> statement-breakpoint
CREATE INDEX "users_search_last_name" ON "users" USING btree ("search_rank","last_name_search" COLLATE "C","name_search" COLLATE "C","id") WHERE "users"."status" = 'active' and "users"."email_verified_at" is not null and "users"."searchable";
