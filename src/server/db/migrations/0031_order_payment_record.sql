CREATE TYPE "public"."payment_means" AS ENUM('cash', 'card', 'transfer', 'online');--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "payment_means" "payment_means";--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "till_receipt_number" text;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_till_receipt" CHECK (coalesce("customer_orders"."payment_means" in ('cash', 'card'), false) = ("customer_orders"."till_receipt_number" is not null));--> statement-breakpoint
-- Orders paid before: how follows from the method chosen at checkout; when is not known.
UPDATE "customer_orders" SET "payment_means" = CASE "payment_method" WHEN 'mollie' THEN 'online'::"payment_means" WHEN 'bank_transfer' THEN 'transfer'::"payment_means" END WHERE "payment_status" IN ('paid', 'refunded') AND "payment_method" IN ('mollie', 'bank_transfer');
