ALTER TABLE "filling_protocols" ADD COLUMN "bulk_thc_content" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD COLUMN "bulk_cbd_content" numeric(7, 3);--> statement-breakpoint
-- Confirmed fillings keep the bulk's THC/CBD as confirmed: the filled batch took a copy of them
-- then (filledBatchFacts), so it is the source for the records issued before this column. Read
-- and written in the system scope (ADR 050), as a data step on a protected table (see 0033).
SET LOCAL ROLE blattwerk_system;--> statement-breakpoint
UPDATE "filling_protocols" AS "protocol"
SET "bulk_thc_content" = "filled"."thc_content", "bulk_cbd_content" = "filled"."cbd_content"
FROM "batches" AS "filled"
WHERE "filled"."id" = "protocol"."filled_batch_id" AND "protocol"."status" = 'confirmed';
--> statement-breakpoint
RESET ROLE;
