-- DropIndex
DROP INDEX "images_owner_latest_idx";

-- DropIndex
DROP INDEX "images_owner_popular_idx";

-- DropIndex
DROP INDEX "images_owner_viewed_idx";

-- DropIndex
DROP INDEX "images_owner_type_latest_idx";

-- DropIndex
DROP INDEX "images_owner_type_popular_idx";

-- DropIndex
DROP INDEX "images_owner_type_viewed_idx";

-- AlterTable
ALTER TABLE "images" ADD COLUMN     "random_key" INTEGER NOT NULL DEFAULT (floor((random() * (2147483647)::double precision)))::integer;

-- CreateTable
CREATE TABLE "gallery_counts" (
    "scope" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "run_type" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "gallery_counts_pkey" PRIMARY KEY ("scope","subject","run_type")
);

-- CreateIndex
CREATE INDEX "images_explore_random_idx" ON "images"("random_key", "image_id") WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_explore_type_random_idx" ON "images"("run_type", "random_key", "image_id") WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_latest_idx" ON "images"("owner_id", "created_at" DESC, "image_id" DESC) WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_popular_idx" ON "images"("owner_id", "like_cnt" DESC, "image_id" DESC) WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_viewed_idx" ON "images"("owner_id", "view_cnt" DESC, "image_id" DESC) WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_random_idx" ON "images"("owner_id", "random_key", "image_id") WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_type_latest_idx" ON "images"("owner_id", "run_type", "created_at" DESC, "image_id" DESC) WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_type_popular_idx" ON "images"("owner_id", "run_type", "like_cnt" DESC, "image_id" DESC) WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_type_viewed_idx" ON "images"("owner_id", "run_type", "view_cnt" DESC, "image_id" DESC) WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_type_random_idx" ON "images"("owner_id", "run_type", "random_key", "image_id") WHERE (status = 'complete'::generation_status AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_idx" ON "images"("owner_id");

-- Hand-written: gallery_counts is kept exact by statement-level triggers on images and likes, so a
-- gallery page reads its total_count by primary key instead of counting (at 1,000,000 images a
-- count(*) per page cost 291-571 ms). The keys and conditions mirror the gallery queries
-- (apps/api/src/repositories/gallery.repository.ts):
--   public     complete, published, not claimed, not deleted; subject '' (everyone's) and the owner
--   collection complete, not deleted; subject = owner
--   likes      a like of a public image; subject = the member who liked
-- each for run_type '' (all models) and the image's model. Statement-level triggers with transition
-- tables aggregate a bulk insert (the benchmark seeder) into one upsert per key; upserts run in key
-- order, so two transactions never take counter rows in opposite orders.

-- Adds per-(owner, model) deltas of public and collection images to their six keys.
CREATE FUNCTION gallery_counts_apply_images(owners TEXT[], run_types TEXT[], pub INTEGER[], col INTEGER[])
RETURNS VOID LANGUAGE sql AS $$
  INSERT INTO gallery_counts AS g (scope, subject, run_type, n)
  SELECT k.scope, k.subject, k.run_type, sum(k.d)::int
    FROM unnest(owners, run_types, pub, col) AS r(owner_id, run_type, pub, col)
   CROSS JOIN LATERAL (VALUES ('public', '', '', r.pub), ('public', '', r.run_type, r.pub),
                              ('public', r.owner_id, '', r.pub), ('public', r.owner_id, r.run_type, r.pub),
                              ('collection', r.owner_id, '', r.col), ('collection', r.owner_id, r.run_type, r.col))
         AS k(scope, subject, run_type, d)
   GROUP BY k.scope, k.subject, k.run_type
  HAVING sum(k.d) <> 0
   ORDER BY k.scope, k.subject, k.run_type
  ON CONFLICT (scope, subject, run_type) DO UPDATE SET n = g.n + excluded.n
$$;

-- Adds per-(member, model) deltas of liked public images to the member's two keys.
CREATE FUNCTION gallery_counts_apply_likes(members TEXT[], run_types TEXT[], deltas INTEGER[])
RETURNS VOID LANGUAGE sql AS $$
  INSERT INTO gallery_counts AS g (scope, subject, run_type, n)
  SELECT 'likes', k.subject, k.run_type, sum(k.d)::int
    FROM unnest(members, run_types, deltas) AS r(member_id, run_type, d)
   CROSS JOIN LATERAL (VALUES (r.member_id, '', r.d), (r.member_id, r.run_type, r.d)) AS k(subject, run_type, d)
   GROUP BY k.subject, k.run_type
  HAVING sum(k.d) <> 0
   ORDER BY k.subject, k.run_type
  ON CONFLICT (scope, subject, run_type) DO UPDATE SET n = g.n + excluded.n
$$;

CREATE FUNCTION gallery_counts_images() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM gallery_counts_apply_images(array_agg(owner_id), array_agg(run_type), array_agg(pub), array_agg(col))
       FROM (SELECT owner_id, run_type,
                    (count(*) FILTER (WHERE status = 'complete' AND is_open AND NOT is_claim AND NOT is_delete))::int AS pub,
                    (count(*) FILTER (WHERE status = 'complete' AND NOT is_delete))::int AS col
               FROM new_rows GROUP BY owner_id, run_type) g;
  ELSIF TG_OP = 'DELETE' THEN
    -- (The likes of a deleted public image were subtracted by gallery_counts_image_deleted.)
    PERFORM gallery_counts_apply_images(array_agg(owner_id), array_agg(run_type), array_agg(pub), array_agg(col))
       FROM (SELECT owner_id, run_type,
                    (-count(*) FILTER (WHERE status = 'complete' AND is_open AND NOT is_claim AND NOT is_delete))::int AS pub,
                    (-count(*) FILTER (WHERE status = 'complete' AND NOT is_delete))::int AS col
               FROM old_rows GROUP BY owner_id, run_type) g;
  ELSE
    -- Most updates (like, view and download counts) change no gallery membership: stop early.
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.image_id = n.image_id
       WHERE n.owner_id <> o.owner_id OR n.run_type <> o.run_type OR n.status <> o.status
          OR n.is_open <> o.is_open OR n.is_claim <> o.is_claim OR n.is_delete <> o.is_delete) THEN
      RETURN NULL;
    END IF;
    PERFORM gallery_counts_apply_images(array_agg(owner_id), array_agg(run_type), array_agg(pub), array_agg(col))
       FROM (SELECT owner_id, run_type, sum(d * pub)::int AS pub, sum(d * col)::int AS col
               FROM (SELECT owner_id, run_type, 1 AS d,
                            (status = 'complete' AND is_open AND NOT is_claim AND NOT is_delete)::int AS pub,
                            (status = 'complete' AND NOT is_delete)::int AS col
                       FROM new_rows
                     UNION ALL
                     SELECT owner_id, run_type, -1,
                            (status = 'complete' AND is_open AND NOT is_claim AND NOT is_delete)::int,
                            (status = 'complete' AND NOT is_delete)::int
                       FROM old_rows) c
              GROUP BY owner_id, run_type) g;
    -- An image entering or leaving the public condition enters or leaves its likers' Liked Contents.
    PERFORM gallery_counts_apply_likes(array_agg(member_id), array_agg(run_type), array_agg(d))
       FROM (SELECT l.member_id, p.run_type, sum(p.d)::int AS d
               FROM (SELECT image_id, run_type, sum(d)::int AS d
                       FROM (SELECT image_id, run_type, 1 AS d FROM new_rows
                              WHERE status = 'complete' AND is_open AND NOT is_claim AND NOT is_delete
                             UNION ALL
                             SELECT image_id, run_type, -1 FROM old_rows
                              WHERE status = 'complete' AND is_open AND NOT is_claim AND NOT is_delete) c
                      GROUP BY image_id, run_type
                     HAVING sum(d) <> 0) p
               JOIN likes l ON l.image_id = p.image_id
              GROUP BY l.member_id, p.run_type) x;
  END IF;
  RETURN NULL;
END
$$;

-- Row-level and before the delete: the foreign key then removes the image's likes, and the likes
-- trigger no longer finds the image to know whether it was public.
CREATE FUNCTION gallery_counts_image_deleted() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'complete' AND OLD.is_open AND NOT OLD.is_claim AND NOT OLD.is_delete THEN
    PERFORM gallery_counts_apply_likes(array_agg(member_id), array_agg(OLD.run_type), array_agg(-1))
       FROM likes WHERE image_id = OLD.image_id;
  END IF;
  RETURN OLD;
END
$$;

-- The liked images are locked FOR SHARE (whatever their state) before the likes are counted, by a
-- statement of its own: a concurrent change of an image's visibility either commits first (the
-- count, a later statement, then reads its new state: READ COMMITTED takes a new snapshot per
-- statement) or waits for this transaction (its trigger then sees these likes). Either way a like is
-- never counted against a stale state. Locks are taken in image_id order.
CREATE FUNCTION gallery_counts_lock_images(ids TEXT[]) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) <= 1000 THEN
    PERFORM 1 FROM images WHERE image_id = ANY (ids) ORDER BY image_id FOR SHARE;
  ELSE
    -- Bulk loads (the benchmark seeder): a join rather than a long array test per row.
    PERFORM 1 FROM images i JOIN (SELECT DISTINCT unnest(ids) AS image_id) d ON d.image_id = i.image_id
     ORDER BY i.image_id FOR SHARE OF i;
  END IF;
END
$$;

CREATE FUNCTION gallery_counts_likes() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM gallery_counts_lock_images(ARRAY(SELECT image_id FROM new_rows));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM gallery_counts_lock_images(ARRAY(SELECT image_id FROM old_rows));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM gallery_counts_apply_likes(array_agg(member_id), array_agg(run_type), array_agg(d))
       FROM (SELECT n.member_id, i.run_type, count(*)::int AS d
               FROM new_rows n JOIN images i ON i.image_id = n.image_id
              WHERE i.status = 'complete' AND i.is_open AND NOT i.is_claim AND NOT i.is_delete
              GROUP BY n.member_id, i.run_type) x;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM gallery_counts_apply_likes(array_agg(member_id), array_agg(run_type), array_agg(d))
       FROM (SELECT o.member_id, i.run_type, (-count(*))::int AS d
               FROM old_rows o JOIN images i ON i.image_id = o.image_id
              WHERE i.status = 'complete' AND i.is_open AND NOT i.is_claim AND NOT i.is_delete
              GROUP BY o.member_id, i.run_type) x;
  END IF;
  RETURN NULL;
END
$$;

-- TRUNCATE fires no row or statement delete triggers (tests empty the image tables this way).
CREATE FUNCTION gallery_counts_truncated() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'images' THEN
    DELETE FROM gallery_counts;
  ELSE
    DELETE FROM gallery_counts WHERE scope = 'likes';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER gallery_counts_images_insert AFTER INSERT ON images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_images();
CREATE TRIGGER gallery_counts_images_update AFTER UPDATE ON images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_images();
CREATE TRIGGER gallery_counts_images_delete AFTER DELETE ON images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_images();
CREATE TRIGGER gallery_counts_images_delete_likes BEFORE DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION gallery_counts_image_deleted();
CREATE TRIGGER gallery_counts_images_truncate AFTER TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_truncated();
CREATE TRIGGER gallery_counts_likes_insert AFTER INSERT ON likes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_likes();
CREATE TRIGGER gallery_counts_likes_update AFTER UPDATE ON likes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_likes();
CREATE TRIGGER gallery_counts_likes_delete AFTER DELETE ON likes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_likes();
CREATE TRIGGER gallery_counts_likes_truncate AFTER TRUNCATE ON likes
  FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_truncated();

-- Counts for the rows already there (images is locked by the ALTER TABLE above; likes is locked
-- here so no like lands between the count and the trigger).
LOCK TABLE likes IN SHARE MODE;
SELECT gallery_counts_apply_images(array_agg(owner_id), array_agg(run_type), array_agg(pub), array_agg(col))
  FROM (SELECT owner_id, run_type,
               (count(*) FILTER (WHERE status = 'complete' AND is_open AND NOT is_claim AND NOT is_delete))::int AS pub,
               (count(*) FILTER (WHERE status = 'complete' AND NOT is_delete))::int AS col
          FROM images GROUP BY owner_id, run_type) g;
SELECT gallery_counts_apply_likes(array_agg(member_id), array_agg(run_type), array_agg(d))
  FROM (SELECT l.member_id, i.run_type, count(*)::int AS d
          FROM likes l JOIN images i ON i.image_id = l.image_id
         WHERE i.status = 'complete' AND i.is_open AND NOT i.is_claim AND NOT i.is_delete
         GROUP BY l.member_id, i.run_type) x;
