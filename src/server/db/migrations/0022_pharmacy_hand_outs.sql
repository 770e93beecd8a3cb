ALTER TABLE "hand_outs" ALTER COLUMN "thc_content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hand_outs" ALTER COLUMN "cbd_content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hand_outs" ALTER COLUMN "age_class" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_order_prescriptions" ADD COLUMN "dosage" text;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "pack_unit" "pack_unit" DEFAULT 'g' NOT NULL;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "customer_order_id" uuid;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "form_of_use" text;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "dosage" text;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "prescriber_name" text;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "prescriber_address" text;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "prepared_on" date;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "use_by" date;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD COLUMN "storage_note" text;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_customer_order_id_customer_orders_id_fk" FOREIGN KEY ("customer_order_id") REFERENCES "public"."customer_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hand_outs_customer_order_idx" ON "hand_outs" USING btree ("customer_order_id") WHERE "hand_outs"."customer_order_id" is not null;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_kind_complete" CHECK (("hand_outs"."customer_order_id" is null and "hand_outs"."age_class" is not null and "hand_outs"."thc_content" is not null and "hand_outs"."cbd_content" is not null and "hand_outs"."pack_unit" = 'g') or ("hand_outs"."customer_order_id" is not null and "hand_outs"."age_class" is null and "hand_outs"."cancelled_at" is null and "hand_outs"."form_of_use" is not null and "hand_outs"."prescriber_name" is not null and "hand_outs"."prepared_on" is not null and "hand_outs"."storage_note" is not null));