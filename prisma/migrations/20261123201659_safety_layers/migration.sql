-- CreateEnum
CREATE TYPE "safety_hold_status" AS ENUM ('pending', 'released', 'removed');

-- AlterEnum
ALTER TYPE "generation_status" ADD VALUE 'held';

-- AlterTable
ALTER TABLE "members" ADD COLUMN     "muted_until" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "prompt_safety_events" ADD COLUMN     "category" TEXT NOT NULL DEFAULT 'minors',
ADD COLUMN     "image_id" VARCHAR(35),
ADD COLUMN     "ip" TEXT,
ADD COLUMN     "outcome" TEXT NOT NULL DEFAULT 'refused',
ADD COLUMN     "rule" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "stage" TEXT NOT NULL DEFAULT 'lexicon';

-- CreateTable
CREATE TABLE "safety_holds" (
    "id" UUID NOT NULL,
    "image_id" VARCHAR(35) NOT NULL,
    "member_id" TEXT NOT NULL,
    "checker" TEXT NOT NULL,
    "min_age" INTEGER NOT NULL,
    "faces" INTEGER NOT NULL,
    "quarantine_key" TEXT,
    "status" "safety_hold_status" NOT NULL DEFAULT 'pending',
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "safety_holds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "safety_escalations" (
    "id" UUID NOT NULL,
    "member_id" TEXT,
    "member_email" TEXT NOT NULL,
    "prompts" JSONB NOT NULL,
    "ip" TEXT,
    "stage" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "reported_at" TIMESTAMPTZ(3),
    "report_ref" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retain_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "safety_escalations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "safety_holds_image_id_key" ON "safety_holds"("image_id");

-- CreateIndex
CREATE INDEX "safety_holds_status_created_at_idx" ON "safety_holds"("status", "created_at");

-- CreateIndex
CREATE INDEX "safety_escalations_created_at_idx" ON "safety_escalations"("created_at");

-- AddForeignKey
ALTER TABLE "safety_holds" ADD CONSTRAINT "safety_holds_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("image_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "safety_holds" ADD CONSTRAINT "safety_holds_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "safety_escalations" ADD CONSTRAINT "safety_escalations_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;
