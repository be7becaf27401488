-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "reversed_coins" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shortfall_coins" INTEGER NOT NULL DEFAULT 0;
