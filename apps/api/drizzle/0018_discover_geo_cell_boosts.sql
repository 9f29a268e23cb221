CREATE TABLE "boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "boosts_ends_after_start" CHECK ("boosts"."ends_at" > "boosts"."started_at")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "geo_cell" integer GENERATED ALWAYS AS (least(359, floor(("latitude" + 90) * 2))::integer * 720 + mod(floor(("longitude" + 180) * 2)::integer, 720)) STORED;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boosts_user_started" ON "boosts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "boosts_ends_at" ON "boosts" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "profiles_geo_cell" ON "profiles" USING btree ("geo_cell");