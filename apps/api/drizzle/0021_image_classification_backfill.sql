CREATE TABLE "image_classification_attempts" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"last_error" text,
	CONSTRAINT "image_classification_attempts_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "image_classification_attempts_kind_valid" CHECK ("image_classification_attempts"."kind" IN ('post', 'message'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "nsfw_score" real;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "classified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_unscored_images" ON "messages" USING btree ("created_at" DESC NULLS LAST) WHERE "messages"."image_digest" IS NOT NULL AND "messages"."nsfw_score" IS NULL AND "messages"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_unscored_images" ON "posts" USING btree ("created_at" DESC NULLS LAST) WHERE "posts"."media_type" = 'image' AND "posts"."nsfw_score" IS NULL;