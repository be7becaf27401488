-- Views and downloads count people: one row (and one count) per member per image per UTC day.

-- AlterTable
ALTER TABLE "image_views" ADD COLUMN     "day" DATE NOT NULL DEFAULT (timezone('utc'::text, now()))::date;

-- AlterTable
ALTER TABLE "image_downloads" ADD COLUMN     "day" DATE NOT NULL DEFAULT (timezone('utc'::text, now()))::date;

-- Hand-written: existing rows get the day they were made, and repeats within a day are removed (the
-- earliest stays) so the unique indexes below can be built. images.view_cnt and download_cnt keep
-- the counts they had; from now on they grow by one per member per image per day.
UPDATE "image_views" SET "day" = (timezone('utc'::text, "created_at"))::date;
UPDATE "image_downloads" SET "day" = (timezone('utc'::text, "created_at"))::date;
DELETE FROM "image_views" v USING "image_views" e
 WHERE v."image_id" = e."image_id" AND v."member_id" = e."member_id" AND v."day" = e."day"
   AND (e."created_at", e."id") < (v."created_at", v."id");
DELETE FROM "image_downloads" v USING "image_downloads" e
 WHERE v."image_id" = e."image_id" AND v."member_id" = e."member_id" AND v."day" = e."day"
   AND (e."created_at", e."id") < (v."created_at", v."id");

-- CreateIndex
CREATE UNIQUE INDEX "image_views_once_a_day" ON "image_views"("image_id", "member_id", "day");

-- CreateIndex
CREATE UNIQUE INDEX "image_downloads_once_a_day" ON "image_downloads"("image_id", "member_id", "day");
