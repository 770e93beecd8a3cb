ALTER TYPE "public"."stored_file_purpose" ADD VALUE 'organisation_logo';--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;