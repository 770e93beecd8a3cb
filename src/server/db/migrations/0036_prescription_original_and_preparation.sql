CREATE TYPE "public"."prescribed_preparation" AS ENUM('unground', 'ground', 'single_doses', 'tea', 'tea_single_doses', 'extract');--> statement-breakpoint
ALTER TYPE "public"."order_event_kind" ADD VALUE 'prescription_original' BEFORE 'document_issued';--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD COLUMN "preparation" "prescribed_preparation";--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD COLUMN "original_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD COLUMN "original_by" uuid;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD CONSTRAINT "customer_order_prescriptions_original_by_users_id_fk" FOREIGN KEY ("original_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD CONSTRAINT "customer_order_prescriptions_original_by" CHECK (("customer_order_prescriptions"."original_at" is null) = ("customer_order_prescriptions"."original_by" is null));