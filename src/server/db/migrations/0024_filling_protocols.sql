CREATE TYPE "public"."filling_protocol_status" AS ENUM('draft', 'submitted', 'confirmed', 'cancelled');--> statement-breakpoint
CREATE TABLE "filling_protocols" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" "filling_protocol_status" DEFAULT 'draft' NOT NULL,
	"bulk_batch_id" uuid NOT NULL,
	"bulk_product_name" text NOT NULL,
	"bulk_batch_number" text NOT NULL,
	"pack_listing_id" uuid,
	"pack_product_name" text NOT NULL,
	"unit_count" integer NOT NULL,
	"target_net_mg" integer NOT NULL,
	"tolerance_basis_points" integer NOT NULL,
	"withdrawn_mg" integer,
	"loss_reason" text,
	"filled_by" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"filled_batch_id" uuid,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filling_protocols_unit_count" CHECK ("filling_protocols"."unit_count" between 1 and 500),
	CONSTRAINT "filling_protocols_target_positive" CHECK ("filling_protocols"."target_net_mg" > 0),
	CONSTRAINT "filling_protocols_tolerance" CHECK ("filling_protocols"."tolerance_basis_points" between 1 and 1000),
	CONSTRAINT "filling_protocols_withdrawn_positive" CHECK ("filling_protocols"."withdrawn_mg" is null or "filling_protocols"."withdrawn_mg" > 0),
	CONSTRAINT "filling_protocols_four_eyes" CHECK ("filling_protocols"."confirmed_by" is null or "filling_protocols"."confirmed_by" <> "filling_protocols"."filled_by"),
	CONSTRAINT "filling_protocols_submitted" CHECK ("filling_protocols"."status" in ('draft', 'cancelled') or ("filling_protocols"."submitted_at" is not null and "filling_protocols"."withdrawn_mg" is not null)),
	CONSTRAINT "filling_protocols_confirmed" CHECK (("filling_protocols"."status" = 'confirmed') = ("filling_protocols"."confirmed_at" is not null and "filling_protocols"."confirmed_by" is not null and "filling_protocols"."filled_batch_id" is not null and "filling_protocols"."pack_listing_id" is not null)),
	CONSTRAINT "filling_protocols_cancelled" CHECK (("filling_protocols"."status" = 'cancelled') = ("filling_protocols"."cancelled_at" is not null and "filling_protocols"."cancelled_by" is not null and length(trim("filling_protocols"."cancel_reason")) > 0))
);
--> statement-breakpoint
CREATE TABLE "filling_units" (
	"organisation_id" uuid NOT NULL,
	"protocol_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"gross_mg" integer,
	"tare_mg" integer,
	"net_mg" integer,
	"deviation_reason" text,
	CONSTRAINT "filling_units_protocol_id_position_pk" PRIMARY KEY("protocol_id","position"),
	CONSTRAINT "filling_units_position" CHECK ("filling_units"."position" between 1 and 500),
	CONSTRAINT "filling_units_weighed" CHECK (("filling_units"."gross_mg" is null and "filling_units"."tare_mg" is null and "filling_units"."net_mg" is null) or ("filling_units"."tare_mg" >= 0 and "filling_units"."net_mg" > 0 and "filling_units"."net_mg" = "filling_units"."gross_mg" - "filling_units"."tare_mg"))
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "filled_from_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_bulk_batch_id_batches_id_fk" FOREIGN KEY ("bulk_batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_pack_listing_id_organisation_products_id_fk" FOREIGN KEY ("pack_listing_id") REFERENCES "public"."organisation_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_filled_by_users_id_fk" FOREIGN KEY ("filled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_filled_batch_id_batches_id_fk" FOREIGN KEY ("filled_batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_protocols" ADD CONSTRAINT "filling_protocols_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_units" ADD CONSTRAINT "filling_units_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filling_units" ADD CONSTRAINT "filling_units_protocol_id_filling_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."filling_protocols"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filling_protocols_number_unique" ON "filling_protocols" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE INDEX "filling_protocols_organisation_idx" ON "filling_protocols" USING btree ("organisation_id","started_at");--> statement-breakpoint
CREATE INDEX "filling_protocols_bulk_batch_idx" ON "filling_protocols" USING btree ("bulk_batch_id");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_filled_from_batch_id_batches_id_fk" FOREIGN KEY ("filled_from_batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- hand-written: a confirmed or cancelled protocol stays as it is, no protocol is ever deleted, and
-- units are weighed only while their protocol is a draft (ADR 045).
CREATE FUNCTION "filling_protocols_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'filling_protocols keeps its records: TRUNCATE is not allowed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'filling protocol % is kept', OLD.number
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status IN ('confirmed', 'cancelled') THEN
    RAISE EXCEPTION 'filling protocol % is % and cannot be changed', OLD.number, OLD.status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "filling_protocols_no_change" BEFORE UPDATE OR DELETE ON "filling_protocols"
  FOR EACH ROW EXECUTE FUNCTION "filling_protocols_kept"();--> statement-breakpoint
CREATE TRIGGER "filling_protocols_no_truncate" BEFORE TRUNCATE ON "filling_protocols"
  FOR EACH STATEMENT EXECUTE FUNCTION "filling_protocols_kept"();--> statement-breakpoint
CREATE FUNCTION "filling_units_of_drafts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  protocol uuid;
  protocol_status text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'filling_units keeps its records: TRUNCATE is not allowed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    protocol := OLD.protocol_id;
  ELSE
    protocol := NEW.protocol_id;
    IF TG_OP = 'UPDATE' AND NEW.protocol_id <> OLD.protocol_id THEN
      RAISE EXCEPTION 'a weighed unit does not move to another filling protocol'
        USING ERRCODE = 'insufficient_privilege';
    END IF;
  END IF;
  SELECT status::text INTO protocol_status FROM filling_protocols WHERE id = protocol;
  IF protocol_status IS DISTINCT FROM 'draft' THEN
    RAISE EXCEPTION 'units of filling protocol % are weighed only while it is a draft', protocol
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "filling_units_draft_only" BEFORE INSERT OR UPDATE OR DELETE ON "filling_units"
  FOR EACH ROW EXECUTE FUNCTION "filling_units_of_drafts"();--> statement-breakpoint
CREATE TRIGGER "filling_units_no_truncate" BEFORE TRUNCATE ON "filling_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "filling_units_of_drafts"();
