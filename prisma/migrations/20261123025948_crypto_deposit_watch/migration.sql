-- CreateEnum
CREATE TYPE "deposit_outcome" AS ENUM ('underpaid', 'overpaid', 'late');

-- AlterTable
ALTER TABLE "crypto_deposits" ADD COLUMN     "confirmed_amount" DECIMAL(36,18),
ADD COLUMN     "excess_amount" DECIMAL(36,18),
ADD COLUMN     "needs_review" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "outcome" "deposit_outcome",
ADD COLUMN     "payments" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "rate_source" TEXT,
ADD COLUMN     "review_note" TEXT,
ADD COLUMN     "reviewed_at" TIMESTAMPTZ(3),
ADD COLUMN     "reviewed_by" TEXT,
ADD COLUMN     "usd_per_coin" DECIMAL(24,8);

-- CreateTable
CREATE TABLE "crypto_rate_overrides" (
    "coin" TEXT NOT NULL,
    "usd_per_coin" DECIMAL(24,8) NOT NULL,
    "set_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crypto_rate_overrides_pkey" PRIMARY KEY ("coin")
);

-- CreateIndex
CREATE INDEX "crypto_deposits_needs_review_created_at_idx" ON "crypto_deposits"("needs_review", "created_at" DESC);

-- Hand-written (prisma/README.md): the schema language cannot declare these.

-- Address and tag allocation (docs/payments-crypto.md). nextval() never hands out a value twice, even
-- to transactions that roll back, so an HD child index or a destination tag is never reused.
-- BIP32 non-hardened child indexes are 0 .. 2^31-1; XRP tags are positive and fit an int column here.
CREATE SEQUENCE "crypto_deposit_btc_index_seq" AS integer MINVALUE 0 MAXVALUE 2147483647 START WITH 0 NO CYCLE;
CREATE SEQUENCE "crypto_deposit_eth_index_seq" AS integer MINVALUE 0 MAXVALUE 2147483647 START WITH 0 NO CYCLE;
CREATE SEQUENCE "crypto_deposit_xrp_tag_seq" AS integer MINVALUE 1 MAXVALUE 2147483647 START WITH 1 NO CYCLE;

ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_received_not_negative" CHECK ("received_amount" >= 0 AND "confirmed_amount" >= 0 AND "excess_amount" >= 0 AND "usd_per_coin" > 0);
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_credited_has_time" CHECK (("status" = 'credited') = ("credited_at" IS NOT NULL));
ALTER TABLE "crypto_rate_overrides" ADD CONSTRAINT "crypto_rate_overrides_positive" CHECK ("usd_per_coin" > 0);
