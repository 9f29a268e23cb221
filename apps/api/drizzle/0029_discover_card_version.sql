ALTER TABLE "users" ADD COLUMN "card_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "users_card_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "users" SET "card_version" = "card_version" + 1 WHERE "id" = OLD."user_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    UPDATE "users" SET "card_version" = "card_version" + 1 WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_card_changed" AFTER UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "users_card_changed"();--> statement-breakpoint
CREATE TRIGGER "photos_card_changed" AFTER INSERT OR UPDATE OR DELETE ON "photos"
  FOR EACH ROW EXECUTE FUNCTION "users_card_changed"();--> statement-breakpoint
CREATE TRIGGER "privacy_settings_card_changed" AFTER INSERT OR UPDATE OR DELETE ON "privacy_settings"
  FOR EACH ROW EXECUTE FUNCTION "users_card_changed"();
