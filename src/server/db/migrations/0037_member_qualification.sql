CREATE TYPE "public"."member_qualification" AS ENUM('pharmacist', 'pta', 'pka', 'other');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "qualification" "member_qualification" DEFAULT 'other' NOT NULL;--> statement-breakpoint
-- A pharmacy's owner holds its licence, which only a pharmacist gets (§ 2 ApoG): existing owners
-- keep taking the pharmacist-only steps. Everyone else waits for the owner to set theirs.
UPDATE "users" SET "qualification" = 'pharmacist'
WHERE "role" = 'owner'
  AND "organisation_id" IN (SELECT "id" FROM "organisations" WHERE "category" = 'pharmacy');
