CREATE TYPE "public"."customer_licence_type" AS ENUM('pharmacy', 'wholesale', 'manufacturing');--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "amg_licence_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "amg_licence_authority" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "licence_type" "customer_licence_type";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "licence_authority" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "licence_valid_until" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "medcan_permit_number" text;