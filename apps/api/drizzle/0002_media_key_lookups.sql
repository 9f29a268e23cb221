CREATE UNIQUE INDEX "photos_thumbnail_key_unique" ON "photos" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_media_key_unique" ON "posts" USING btree ("media_key");