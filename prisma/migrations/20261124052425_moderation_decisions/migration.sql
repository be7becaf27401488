-- AlterTable
ALTER TABLE "content_reports" ADD COLUMN     "decided_by" TEXT;

-- AlterTable
ALTER TABLE "safety_holds" ADD COLUMN     "decision_note" TEXT;
