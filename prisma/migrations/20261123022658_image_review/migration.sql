-- AlterTable
ALTER TABLE "images" ADD COLUMN     "hidden_for_review" BOOLEAN NOT NULL DEFAULT false;
