-- AlterTable
ALTER TABLE "claims" ADD COLUMN     "decided_by" TEXT,
ADD COLUMN     "reject_reason" TEXT;

-- AlterTable
ALTER TABLE "qna_posts" ADD COLUMN     "closed_at" TIMESTAMPTZ(3),
ADD COLUMN     "closed_by" TEXT;

-- CreateTable
CREATE TABLE "qna_replies" (
    "id" UUID NOT NULL,
    "qna_id" UUID NOT NULL,
    "author_id" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "qna_replies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "qna_replies_qna_id_created_at_idx" ON "qna_replies"("qna_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "qna_replies_qna_id_request_id_key" ON "qna_replies"("qna_id", "request_id");

-- AddForeignKey
ALTER TABLE "qna_replies" ADD CONSTRAINT "qna_replies_qna_id_fkey" FOREIGN KEY ("qna_id") REFERENCES "qna_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
