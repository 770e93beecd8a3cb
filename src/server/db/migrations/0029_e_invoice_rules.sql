CREATE TYPE "public"."e_invoice_format" AS ENUM('xrechnung', 'zugferd');--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "small_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "e_invoice_format" "e_invoice_format" DEFAULT 'xrechnung' NOT NULL;