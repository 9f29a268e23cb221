ALTER TABLE "posts" ADD COLUMN "media_width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_height" integer;