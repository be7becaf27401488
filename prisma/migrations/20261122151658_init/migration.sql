-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "member_role" AS ENUM ('member', 'admin');

-- CreateEnum
CREATE TYPE "generation_status" AS ENUM ('processing', 'complete', 'failed');

-- CreateEnum
CREATE TYPE "claim_status" AS ENUM ('pending', 'approved', 'rejected', 'refunded');

-- CreateEnum
CREATE TYPE "payment_kind" AS ENUM ('coin', 'membership');

-- CreateEnum
CREATE TYPE "payment_status" AS ENUM ('pending', 'succeeded', 'failed', 'canceled', 'refunded');

-- CreateEnum
CREATE TYPE "deposit_status" AS ENUM ('pending', 'seen', 'confirmed', 'credited', 'expired', 'failed');

-- CreateEnum
CREATE TYPE "qna_status" AS ENUM ('open', 'answered', 'closed');

-- CreateEnum
CREATE TYPE "report_status" AS ENUM ('open', 'upheld', 'dismissed');

-- CreateTable
CREATE TABLE "members" (
    "id" TEXT NOT NULL,
    "password_hash" TEXT,
    "nickname" TEXT,
    "nickname_key" TEXT,
    "picture" TEXT,
    "member_kind" TEXT NOT NULL DEFAULT 'free',
    "coin_balance" INTEGER NOT NULL DEFAULT 0,
    "role" "member_role" NOT NULL DEFAULT 'member',
    "adult_attested_at" TIMESTAMPTZ(3),
    "membership_expires_at" TIMESTAMPTZ(3),
    "flagged" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_identities" (
    "id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_identities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "generation_runs" (
    "run_id" VARCHAR(32) NOT NULL,
    "member_id" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "run_type" TEXT NOT NULL,
    "run_style" TEXT NOT NULL,
    "run_ratio" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "strength" DECIMAL(3,2) NOT NULL,
    "request_cnt" INTEGER NOT NULL,
    "fourk" BOOLEAN NOT NULL DEFAULT false,
    "cost" INTEGER NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "status" "generation_status" NOT NULL DEFAULT 'processing',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "generation_runs_pkey" PRIMARY KEY ("run_id")
);

-- CreateTable
CREATE TABLE "images" (
    "image_id" VARCHAR(35) NOT NULL,
    "run_id" VARCHAR(32) NOT NULL,
    "owner_id" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "run_type" TEXT NOT NULL,
    "run_style" TEXT NOT NULL,
    "run_ratio" TEXT NOT NULL,
    "strength" DECIMAL(3,2) NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "status" "generation_status" NOT NULL DEFAULT 'processing',
    "is_open" BOOLEAN NOT NULL DEFAULT false,
    "is_claim" BOOLEAN NOT NULL DEFAULT false,
    "is_delete" BOOLEAN NOT NULL DEFAULT false,
    "like_cnt" INTEGER NOT NULL DEFAULT 0,
    "view_cnt" INTEGER NOT NULL DEFAULT 0,
    "download_cnt" INTEGER NOT NULL DEFAULT 0,
    "original_key" TEXT,
    "thumbnail_key" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "purged_at" TIMESTAMPTZ(3),

    CONSTRAINT "images_pkey" PRIMARY KEY ("image_id")
);

-- CreateTable
CREATE TABLE "likes" (
    "member_id" TEXT NOT NULL,
    "image_id" VARCHAR(35) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "likes_pkey" PRIMARY KEY ("member_id","image_id")
);

-- CreateTable
CREATE TABLE "image_views" (
    "id" UUID NOT NULL,
    "image_id" VARCHAR(35) NOT NULL,
    "member_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "image_views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "image_downloads" (
    "id" UUID NOT NULL,
    "image_id" VARCHAR(35) NOT NULL,
    "member_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "image_downloads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claims" (
    "id" UUID NOT NULL,
    "image_id" VARCHAR(35) NOT NULL,
    "member_id" TEXT NOT NULL,
    "status" "claim_status" NOT NULL DEFAULT 'pending',
    "coins" INTEGER NOT NULL,
    "decided_at" TIMESTAMPTZ(3),
    "refunded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" UUID NOT NULL,
    "member_id" TEXT NOT NULL,
    "delta" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "reference" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_ref" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "kind" "payment_kind" NOT NULL,
    "plan_name" TEXT,
    "billing_period" TEXT,
    "coins" INTEGER NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'usd',
    "status" "payment_status" NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crypto_deposits" (
    "id" UUID NOT NULL,
    "member_id" TEXT NOT NULL,
    "coin" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "destination_tag" INTEGER,
    "derivation_index" INTEGER,
    "service_kind" TEXT NOT NULL,
    "service_title" TEXT NOT NULL,
    "period_unit" TEXT NOT NULL DEFAULT '',
    "coins" INTEGER NOT NULL DEFAULT 0,
    "usd_amount_cents" INTEGER NOT NULL,
    "requested_amount" DECIMAL(36,18) NOT NULL,
    "received_amount" DECIMAL(36,18),
    "txid" TEXT,
    "status" "deposit_status" NOT NULL DEFAULT 'pending',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "seen_at" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),
    "credited_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crypto_deposits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "qna_posts" (
    "id" UUID NOT NULL,
    "member_id" TEXT NOT NULL,
    "board_cd" TEXT NOT NULL DEFAULT 'QNA',
    "board_title" TEXT NOT NULL,
    "contents" TEXT NOT NULL,
    "status" "qna_status" NOT NULL DEFAULT 'open',
    "answer" TEXT,
    "answered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "qna_posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_reports" (
    "id" UUID NOT NULL,
    "member_id" TEXT NOT NULL,
    "image_id" VARCHAR(35) NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "report_status" NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "content_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prompt_safety_events" (
    "id" UUID NOT NULL,
    "member_id" TEXT,
    "prompt" TEXT NOT NULL,
    "matched_terms" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prompt_safety_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "members_nickname_key_key" ON "members"("nickname_key");

-- CreateIndex
CREATE INDEX "auth_identities_member_id_idx" ON "auth_identities"("member_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_identities_provider_subject_key" ON "auth_identities"("provider", "subject");

-- CreateIndex
CREATE INDEX "generation_runs_member_id_created_at_idx" ON "generation_runs"("member_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "images_explore_latest_idx" ON "images"("created_at" DESC, "image_id" DESC) WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_explore_popular_idx" ON "images"("like_cnt" DESC, "image_id" DESC) WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_explore_viewed_idx" ON "images"("view_cnt" DESC, "image_id" DESC) WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_explore_type_latest_idx" ON "images"("run_type", "created_at" DESC, "image_id" DESC) WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_explore_type_popular_idx" ON "images"("run_type", "like_cnt" DESC, "image_id" DESC) WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_explore_type_viewed_idx" ON "images"("run_type", "view_cnt" DESC, "image_id" DESC) WHERE (is_open AND NOT is_claim AND NOT is_delete);

-- CreateIndex
CREATE INDEX "images_owner_latest_idx" ON "images"("owner_id", "created_at" DESC, "image_id" DESC);

-- CreateIndex
CREATE INDEX "images_owner_popular_idx" ON "images"("owner_id", "like_cnt" DESC, "image_id" DESC);

-- CreateIndex
CREATE INDEX "images_owner_viewed_idx" ON "images"("owner_id", "view_cnt" DESC, "image_id" DESC);

-- CreateIndex
CREATE INDEX "images_owner_type_latest_idx" ON "images"("owner_id", "run_type", "created_at" DESC, "image_id" DESC);

-- CreateIndex
CREATE INDEX "images_owner_type_popular_idx" ON "images"("owner_id", "run_type", "like_cnt" DESC, "image_id" DESC);

-- CreateIndex
CREATE INDEX "images_owner_type_viewed_idx" ON "images"("owner_id", "run_type", "view_cnt" DESC, "image_id" DESC);

-- CreateIndex
CREATE INDEX "images_run_id_idx" ON "images"("run_id");

-- CreateIndex
CREATE INDEX "images_purge_idx" ON "images"("deleted_at") WHERE (is_delete AND purged_at IS NULL);

-- CreateIndex
CREATE INDEX "likes_member_latest_idx" ON "likes"("member_id", "created_at" DESC, "image_id" DESC);

-- CreateIndex
CREATE INDEX "likes_image_id_idx" ON "likes"("image_id");

-- CreateIndex
CREATE INDEX "image_views_image_id_created_at_idx" ON "image_views"("image_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "image_views_member_id_created_at_idx" ON "image_views"("member_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "image_downloads_image_id_created_at_idx" ON "image_downloads"("image_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "image_downloads_member_id_created_at_idx" ON "image_downloads"("member_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "claims_image_id_key" ON "claims"("image_id");

-- CreateIndex
CREATE INDEX "claims_status_created_at_idx" ON "claims"("status", "created_at");

-- CreateIndex
CREATE INDEX "claims_member_id_created_at_idx" ON "claims"("member_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_key" ON "ledger_entries"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_entries_member_id_created_at_idx" ON "ledger_entries"("member_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "ledger_entries_reference_idx" ON "ledger_entries"("reference");

-- CreateIndex
CREATE INDEX "payments_member_id_created_at_idx" ON "payments"("member_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_provider_ref_key" ON "payments"("provider", "provider_ref");

-- CreateIndex
CREATE INDEX "crypto_deposits_coin_txid_idx" ON "crypto_deposits"("coin", "txid");

-- CreateIndex
CREATE INDEX "crypto_deposits_status_expires_at_idx" ON "crypto_deposits"("status", "expires_at");

-- CreateIndex
CREATE INDEX "crypto_deposits_member_id_created_at_idx" ON "crypto_deposits"("member_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "crypto_deposits_coin_derivation_index_key" ON "crypto_deposits"("coin", "derivation_index");

-- CreateIndex
CREATE UNIQUE INDEX "crypto_deposits_coin_address_destination_tag_key" ON "crypto_deposits"("coin", "address", "destination_tag");

-- CreateIndex
CREATE INDEX "qna_posts_member_id_created_at_idx" ON "qna_posts"("member_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "qna_posts_status_created_at_idx" ON "qna_posts"("status", "created_at");

-- CreateIndex
CREATE INDEX "content_reports_image_id_idx" ON "content_reports"("image_id");

-- CreateIndex
CREATE INDEX "content_reports_status_created_at_idx" ON "content_reports"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "content_reports_member_id_image_id_key" ON "content_reports"("member_id", "image_id");

-- CreateIndex
CREATE INDEX "prompt_safety_events_member_id_created_at_idx" ON "prompt_safety_events"("member_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "prompt_safety_events_created_at_idx" ON "prompt_safety_events"("created_at");

-- AddForeignKey
ALTER TABLE "auth_identities" ADD CONSTRAINT "auth_identities_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "images" ADD CONSTRAINT "images_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "generation_runs"("run_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "likes" ADD CONSTRAINT "likes_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "likes" ADD CONSTRAINT "likes_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("image_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "image_views" ADD CONSTRAINT "image_views_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("image_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "image_views" ADD CONSTRAINT "image_views_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "image_downloads" ADD CONSTRAINT "image_downloads_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("image_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "image_downloads" ADD CONSTRAINT "image_downloads_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("image_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "qna_posts" ADD CONSTRAINT "qna_posts_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("image_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_safety_events" ADD CONSTRAINT "prompt_safety_events_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written: CHECK constraints (Prisma's schema language cannot express them; datamodel diffs
-- neither create nor drop them). Keep them in sync with the comments in schema.prisma.
ALTER TABLE "members" ADD CONSTRAINT "members_coin_balance_not_negative" CHECK ("coin_balance" >= 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_after_not_negative" CHECK ("balance_after" >= 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_delta_not_zero" CHECK ("delta" <> 0);
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_request_cnt_range" CHECK ("request_cnt" BETWEEN 1 AND 4);
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_strength_range" CHECK ("strength" BETWEEN 0 AND 1);
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_cost_not_negative" CHECK ("cost" >= 0);
ALTER TABLE "images" ADD CONSTRAINT "images_strength_range" CHECK ("strength" BETWEEN 0 AND 1);
ALTER TABLE "images" ADD CONSTRAINT "images_counts_not_negative" CHECK ("like_cnt" >= 0 AND "view_cnt" >= 0 AND "download_cnt" >= 0);
ALTER TABLE "images" ADD CONSTRAINT "images_is_delete_matches_deleted_at" CHECK ("is_delete" = ("deleted_at" IS NOT NULL));
ALTER TABLE "claims" ADD CONSTRAINT "claims_coins_not_negative" CHECK ("coins" >= 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts_not_negative" CHECK ("coins" >= 0 AND "amount_cents" >= 0);
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_amounts_not_negative" CHECK ("coins" >= 0 AND "usd_amount_cents" >= 0 AND "requested_amount" > 0);
