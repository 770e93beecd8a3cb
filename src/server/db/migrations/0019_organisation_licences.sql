ALTER TABLE "organisations" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "licence_authority" text;