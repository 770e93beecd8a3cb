CREATE TYPE "public"."hand_out_age_class" AS ENUM('young_adult', 'adult');--> statement-breakpoint
CREATE TABLE "hand_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"organisation_product_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"batch_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"thc_content" numeric(7, 3) NOT NULL,
	"cbd_content" numeric(7, 3) NOT NULL,
	"cannabinoid_unit" "cannabinoid_unit" NOT NULL,
	"age_class" "hand_out_age_class" NOT NULL,
	"handed_out_on" date NOT NULL,
	"handed_out_at" timestamp with time zone NOT NULL,
	"handed_out_by" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"cancel_movement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hand_outs_quantity_positive" CHECK ("hand_outs"."quantity" > 0),
	CONSTRAINT "hand_outs_cancellation_complete" CHECK (("hand_outs"."cancelled_at" is null and "hand_outs"."cancelled_by" is null and "hand_outs"."cancel_reason" is null and "hand_outs"."cancel_movement_id" is null) or ("hand_outs"."cancelled_at" is not null and "hand_outs"."cancelled_by" is not null and length(trim("hand_outs"."cancel_reason")) > 0 and "hand_outs"."cancel_movement_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "min_membership_days" integer;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_organisation_product_id_organisation_products_id_fk" FOREIGN KEY ("organisation_product_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_handed_out_by_users_id_fk" FOREIGN KEY ("handed_out_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_outs" ADD CONSTRAINT "hand_outs_cancel_movement_id_stock_movements_id_fk" FOREIGN KEY ("cancel_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hand_outs_number_unique" ON "hand_outs" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE INDEX "hand_outs_member_day_idx" ON "hand_outs" USING btree ("customer_id","handed_out_on") WHERE "hand_outs"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "hand_outs_organisation_idx" ON "hand_outs" USING btree ("organisation_id","handed_out_at");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_min_membership_days_non_negative" CHECK ("organisations"."min_membership_days" is null or "organisations"."min_membership_days" >= 0);--> statement-breakpoint
CREATE FUNCTION "hand_outs_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'hand_outs keeps its records: TRUNCATE is not allowed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- KCanG: records are kept for five years after the hand-out day.
    IF OLD.handed_out_on >= ((now() AT TIME ZONE 'Europe/Berlin')::date - interval '5 years')::date THEN
      RAISE EXCEPTION 'hand-out % is kept for five years', OLD.number
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  -- An UPDATE may only cancel a record that is not cancelled yet; nothing else may change.
  IF OLD.cancelled_at IS NOT NULL OR NEW.cancelled_at IS NULL
    OR (to_jsonb(NEW) - ARRAY['cancelled_at', 'cancelled_by', 'cancel_reason', 'cancel_movement_id', 'updated_at'])
      IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['cancelled_at', 'cancelled_by', 'cancel_reason', 'cancel_movement_id', 'updated_at'])
  THEN
    RAISE EXCEPTION 'hand-out % cannot be changed, only cancelled once', OLD.number
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "hand_outs_no_change" BEFORE UPDATE OR DELETE ON "hand_outs"
  FOR EACH ROW EXECUTE FUNCTION "hand_outs_kept"();--> statement-breakpoint
CREATE TRIGGER "hand_outs_no_truncate" BEFORE TRUNCATE ON "hand_outs"
  FOR EACH STATEMENT EXECUTE FUNCTION "hand_outs_kept"();
