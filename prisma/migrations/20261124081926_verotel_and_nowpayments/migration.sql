-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "next_charge_on" DATE,
ADD COLUMN     "recurring" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "renewal_stopped_at" TIMESTAMPTZ(3),
ADD COLUMN     "sale_id" TEXT;

-- AlterTable
ALTER TABLE "crypto_deposits" ADD COLUMN     "gateway" TEXT NOT NULL DEFAULT 'self',
ADD COLUMN     "gateway_ref" TEXT;

-- CreateTable
CREATE TABLE "payment_events" (
    "id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "event_key" TEXT NOT NULL,
    "payment_id" UUID,
    "event" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "outcome" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_events_payment_id_created_at_idx" ON "payment_events"("payment_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_events_provider_event_key_key" ON "payment_events"("provider", "event_key");

-- CreateIndex
CREATE INDEX "payments_provider_sale_id_idx" ON "payments"("provider", "sale_id");

-- CreateIndex
CREATE UNIQUE INDEX "crypto_deposits_gateway_gateway_ref_key" ON "crypto_deposits"("gateway", "gateway_ref");

-- AddForeignKey
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
